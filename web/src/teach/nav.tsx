// The header of the lessons, rules and puzzle pages: back to the opening screen, and the variants.

import type { Catalogue, Variant } from '../api';
import { BackArrowIcon } from '../icons';

export function TeachHeader({ page }: { page: 'lessons' | 'rules' | 'puzzles' }) {
  return (
    <header class="teach-head">
      <a class="home" href="./">
        <BackArrowIcon /> spacechess
      </a>
      <nav aria-label="Learn">
        <a href="?lessons" aria-current={page === 'lessons' ? 'page' : undefined}>
          Lessons
        </a>
        <a href="?rules" aria-current={page === 'rules' ? 'page' : undefined}>
          Rules
        </a>
        <a href="?puzzles" aria-current={page === 'puzzles' ? 'page' : undefined}>
          Puzzles
        </a>
      </nav>
    </header>
  );
}

/** The variant a page parameter names, or the catalogue's first (an unknown name too). */
export function variantOf(catalogue: Catalogue, asked: string | null): Variant {
  return catalogue.variants.find((v) => v.id === asked)?.id ?? catalogue.variants[0].id;
}

/** Links to the variants, the current one marked. */
export function VariantTabs({ catalogue, current, href }: { catalogue: Catalogue; current: Variant | null; href: (v: Variant) => string }) {
  return (
    <nav class="variant-tabs" aria-label="Variant">
      {catalogue.variants.map((v) => (
        <a key={v.id} href={href(v.id)} class={v.id === current ? 'current' : ''} aria-current={v.id === current ? 'page' : undefined}>
          {v.title}
        </a>
      ))}
    </nav>
  );
}

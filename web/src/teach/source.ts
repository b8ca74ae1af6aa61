// Where the lessons and the rules pages come from: the server's API, or the rules
// module in this browser (the static site). Both answer the same views, built by the
// rules crate (docs/api.md "Lessons", docs/wasm.md), so the pages do not know which.

import { api, type Catalogue, type LessonView, type RulesPage, type Variant } from '../api';
import type { CheckAnswer, LessonList } from '../generated/api';
import { browserClient, wasmApiError } from '../wasm/browser-client';

export interface TeachSource {
  catalogue(): Promise<Catalogue>;
  lessons(): Promise<LessonList>;
  lesson(id: string): Promise<LessonView>;
  /** The verdict on an attempt: the player's moves with the replies given between them. */
  check(id: string, moves: string[]): Promise<CheckAnswer>;
  rules(variant: Variant): Promise<RulesPage>;
}

export const serverTeach: TeachSource = {
  catalogue: () => api.variants(),
  lessons: () => api.lessons(),
  lesson: (id) => api.lesson(id),
  check: (id, moves) => api.checkLesson(id, moves),
  rules: (variant) => api.rules(variant),
};

/** The rules module in this browser answers (a worker of its own); refusals read as the server's. */
export function browserTeach(): TeachSource {
  const call = async <T>(ask: (c: Awaited<ReturnType<typeof browserClient>>) => Promise<T>): Promise<T> => {
    try {
      return await ask(await browserClient());
    } catch (e) {
      throw wasmApiError(e);
    }
  };
  return {
    catalogue: () => call((c) => c.call({ op: 'catalogue' })),
    lessons: () => call((c) => c.call({ op: 'lessons' })),
    lesson: (id) => call((c) => c.call({ op: 'lesson', id })),
    check: (id, moves) => call((c) => c.call({ op: 'check_lesson', id, moves })),
    rules: (variant) => call((c) => c.call({ op: 'rules_page', variant })),
  };
}

/** The static site has no server: its pages are computed in this browser. */
export const teachSource = (): TeachSource => (__SPACECHESS_STATIC__ ? browserTeach() : serverTeach);

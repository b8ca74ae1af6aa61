// The identity bar: who this browser plays as ("Anonymous" or the name, linking to the
// profile), and the forms to choose or change the name, create an account, log in and log
// out. Shown on the opening screen, the profile and leaderboard pages; hidden where there
// is no server (the static site). Logging in or out reloads the page: its games change.

import { render } from 'preact';
import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { identityApi, IdentityError } from './api';
import { identityErrorText, NAME_RULES, nameProblem, passwordProblem, waitText } from './format';
import { loadMe, me, meUnavailable, setMe } from './state';
import { NotifyToggle } from './notify-toggle';
import './identity.css';

type Form = 'name' | 'account' | 'login' | null;

export const INTRO = 'You can play without an account. Choose a name so opponents see who you are; create an account to sign in on another device.';

const errorOf = (e: unknown) => identityErrorText(e, e instanceof IdentityError ? e.retryAfterS : null);

/** Where a name's profile is. */
export const profileHref = (name: string) => `/?player=${encodeURIComponent(name)}`;

function NameForm({ close }: { close: (said: string) => void }) {
  const m = me.value;
  const value = useSignal(m?.name ?? '');
  const error = useSignal<string | null>(null);
  const busy = useSignal(false);
  const wait = m?.name && m.name_change_in_ms ? m.name_change_in_ms : 0;
  const submit = (ev: Event) => {
    ev.preventDefault();
    const problem = nameProblem(value.value);
    if (problem) {
      error.value = problem;
      return;
    }
    busy.value = true;
    error.value = null;
    identityApi
      .setName(value.value.trim())
      .then((next) => {
        setMe(next);
        close(`You are now ${next.name ?? value.value.trim()}.`);
      })
      .catch((e: unknown) => (error.value = errorOf(e)))
      .finally(() => (busy.value = false));
  };
  return (
    <form class="identity-form name-form" onSubmit={submit} noValidate>
      <label class="identity-field">
        <span>{m?.name ? 'New name' : 'Your name'}</span>
        <input
          name="name"
          autoComplete="username"
          autoCapitalize="off"
          spellcheck={false}
          maxLength={40}
          value={value.value}
          aria-describedby="name-rules"
          onInput={(e) => {
            value.value = (e.target as HTMLInputElement).value;
            // A problem once shown follows the typing (and goes when fixed).
            if (error.value) error.value = nameProblem(value.value);
          }}
        />
      </label>
      <p class="identity-note" id="name-rules">
        {NAME_RULES} {m?.name ? 'You may change it once every 30 days.' : 'After this first choice you may change it once every 30 days.'}
      </p>
      {wait > 0 && <p class="identity-note wait">{`You can change your name again in ${waitText(wait)}.`}</p>}
      <p class="identity-error" role="alert" hidden={!error.value}>
        {error.value}
      </p>
      <div class="identity-buttons">
        <button type="submit" class="primary save-name" disabled={busy.value || wait > 0}>
          {m?.name ? 'Change name' : 'Choose this name'}
        </button>
        <button type="button" onClick={() => close('')}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function AccountForm({ close }: { close: (said: string) => void }) {
  const m = me.value;
  const password = useSignal('');
  const again = useSignal('');
  const error = useSignal<string | null>(null);
  const busy = useSignal(false);
  const submit = (ev: Event) => {
    ev.preventDefault();
    const problem = passwordProblem(password.value, again.value);
    if (problem) {
      error.value = problem;
      return;
    }
    busy.value = true;
    error.value = null;
    identityApi
      .createAccount(password.value)
      .then((next) => {
        setMe(next);
        close(`Account created. On another device, log in as ${next.name ?? ''} with this password.`);
      })
      .catch((e: unknown) => (error.value = errorOf(e)))
      .finally(() => (busy.value = false));
  };
  return (
    <form class="identity-form account-form" onSubmit={submit} noValidate>
      <p class="identity-note">
        {`Your account is your name, ${m?.name ?? ''}, and a password. Log in with them on another device to play your games there and keep your ratings.`}
      </p>
      {/* For password managers: the account's name beside the new password. */}
      <input type="text" name="username" autoComplete="username" value={m?.name ?? ''} readOnly hidden />
      <label class="identity-field">
        <span>Password (at least 8 characters)</span>
        <input type="password" name="password" autoComplete="new-password" value={password.value} onInput={(e) => (password.value = (e.target as HTMLInputElement).value)} />
      </label>
      <label class="identity-field">
        <span>The same password again</span>
        <input type="password" name="password-again" autoComplete="new-password" value={again.value} onInput={(e) => (again.value = (e.target as HTMLInputElement).value)} />
      </label>
      <p class="identity-error" role="alert" hidden={!error.value}>
        {error.value}
      </p>
      <div class="identity-buttons">
        <button type="submit" class="primary create-account" disabled={busy.value}>
          Create account
        </button>
        <button type="button" onClick={() => close('')}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function LoginForm({ close }: { close: (said: string) => void }) {
  const name = useSignal('');
  const password = useSignal('');
  const error = useSignal<string | null>(null);
  const busy = useSignal(false);
  const submit = (ev: Event) => {
    ev.preventDefault();
    if (!name.value.trim() || !password.value) {
      error.value = 'Type your name and your password.';
      return;
    }
    busy.value = true;
    error.value = null;
    identityApi
      .logIn(name.value.trim(), password.value)
      .then((next) => {
        setMe(next);
        // This device now plays as the account: its games, seats and ratings.
        location.reload();
      })
      .catch((e: unknown) => {
        error.value = errorOf(e);
        busy.value = false;
      });
  };
  return (
    <form class="identity-form login-form" onSubmit={submit} noValidate>
      <p class="identity-note">Log in with the name and password of your account. While logged in, this device plays as your account; log out to come back to this device's own games.</p>
      <label class="identity-field">
        <span>Name</span>
        <input name="login-name" autoComplete="username" autoCapitalize="off" spellcheck={false} value={name.value} onInput={(e) => (name.value = (e.target as HTMLInputElement).value)} />
      </label>
      <label class="identity-field">
        <span>Password</span>
        <input type="password" name="login-password" autoComplete="current-password" value={password.value} onInput={(e) => (password.value = (e.target as HTMLInputElement).value)} />
      </label>
      <p class="identity-error" role="alert" hidden={!error.value}>
        {error.value}
      </p>
      <div class="identity-buttons">
        <button type="submit" class="primary log-in" disabled={busy.value}>
          Log in
        </button>
        <button type="button" onClick={() => close('')}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** The bar; `compact` leaves out the introduction (pages other than the opening screen). */
export function IdentityBar({ compact = false }: { compact?: boolean }) {
  const open = useSignal<Form>(null);
  const said = useSignal('');
  const error = useSignal<string | null>(null);
  useEffect(() => void loadMe(), []);
  const m = me.value;
  if (meUnavailable.value || !m) return <section class="identity" aria-label="You" hidden />;
  const toggle = (f: Form) => {
    open.value = open.value === f ? null : f;
    said.value = '';
    error.value = null;
  };
  const close = (text: string) => {
    open.value = null;
    said.value = text;
  };
  const logOut = () => {
    identityApi
      .logOut()
      .then(() => location.reload())
      .catch((e: unknown) => (error.value = errorOf(e)));
  };
  return (
    <section class="identity" aria-label="You" data-name={m.name ?? undefined} data-account={m.account ? 'true' : 'false'}>
      <div class="identity-line">
        <span class="identity-who">
          {m.name ? (
            <>
              <span class="identity-as">{m.account ? 'Logged in as' : 'Playing as'}</span>{' '}
              <a class="identity-name" href={profileHref(m.name)}>
                {m.name}
              </a>
            </>
          ) : (
            <>
              <span class="identity-as">Playing as</span> <strong class="identity-name anonymous">Anonymous</strong>
            </>
          )}
        </span>
        <span class="identity-actions">
          <button type="button" class="choose-name" aria-expanded={open.value === 'name'} onClick={() => toggle('name')}>
            {m.name ? 'Change name' : 'Choose a name'}
          </button>
          {m.name && !m.account && (
            <button type="button" class="open-account" aria-expanded={open.value === 'account'} onClick={() => toggle('account')}>
              Create account
            </button>
          )}
          {!m.account && (
            <button type="button" class="open-login" aria-expanded={open.value === 'login'} onClick={() => toggle('login')}>
              Log in
            </button>
          )}
          {m.account && (
            <button type="button" class="log-out" onClick={logOut}>
              Log out
            </button>
          )}
        </span>
      </div>
      {!compact && !m.account && open.value === null && <p class="identity-intro">{m.name ? `Opponents see you as ${m.name}. Create an account to sign in on another device and play your games there.` : INTRO}</p>}
      {open.value === 'name' && <NameForm close={close} />}
      {open.value === 'account' && <AccountForm close={close} />}
      {open.value === 'login' && <LoginForm close={close} />}
      {said.value && (
        <p class="identity-said" role="status">
          {said.value}
        </p>
      )}
      {error.value && (
        <p class="identity-error" role="alert">
          {error.value}
        </p>
      )}
      {/* The player pages have the leaderboards in their header, and the name links to the profile. */}
      {!compact && (
        <p class="identity-links">
          {m.name && <a href={profileHref(m.name)}>My profile</a>}
          <a href="/?leaderboard">Leaderboards</a>
          <NotifyToggle quietWhenBlocked />
        </p>
      )}
    </section>
  );
}

/** Puts the bar into `host` (plain-DOM pages: the opening screen). */
export function renderIdentityBar(host: HTMLElement, compact = false): void {
  render(<IdentityBar compact={compact} />, host);
}

// The identity bar: who this browser plays as ("Anonymous" or the name, linking to the
// profile), and the forms to choose or change the name, create an account, log in and log
// out. Shown on the opening screen, the profile and leaderboard pages; hidden where there
// is no server (the static site). Logging in or out reloads the page: its games change.

import { render } from 'preact';
import { useSignal, type Signal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { ApiError } from '../api';
import { identityApi } from './api';
import { identityErrorText, NAME_RULES, nameProblem, passwordProblem, waitText } from './format';
import { loadMe, me, meUnavailable, setMe } from './state';
import type { Me } from './types';
import { NotifyToggle } from './notify-toggle';
import './identity.css';

type Form = 'name' | 'account' | 'login' | null;

export const INTRO = 'You can play without an account. Choose a name so opponents see who you are; create an account to sign in on another device.';

const errorOf = (e: unknown) => identityErrorText(e, e instanceof ApiError ? e.retryAfterS : null);

/**
 * A form's state: its refusal, whether it waits for the server, and `send`, which asks the
 * server, takes the answer as who this browser is and hands it to `done`. The form stays
 * busy after `done` when `done` leaves the page (logging in reloads it).
 */
function useForm() {
  const error = useSignal<string | null>(null);
  const busy = useSignal(false);
  const send = (ask: () => Promise<Me>, done: (next: Me) => void, leaves = false) => {
    busy.value = true;
    error.value = null;
    ask()
      .then((next) => {
        setMe(next);
        done(next);
        if (!leaves) busy.value = false;
      })
      .catch((e: unknown) => {
        error.value = errorOf(e);
        busy.value = false;
      });
  };
  return { error, busy, send };
}

/** The end of every form: its refusal, its button and Cancel. */
function FormEnd(props: { error: string | null; action: string; label: string; disabled: boolean; close: (said: string) => void }) {
  return (
    <>
      <p class="identity-error" role="alert" hidden={!props.error}>
        {props.error}
      </p>
      <div class="identity-buttons">
        <button type="submit" class={`primary ${props.action}`} disabled={props.disabled}>
          {props.label}
        </button>
        <button type="button" onClick={() => props.close('')}>
          Cancel
        </button>
      </div>
    </>
  );
}

/** A labelled password field kept in `value`. */
function PasswordField(props: { label: string; name: string; autoComplete: string; value: Signal<string> }) {
  return (
    <label class="identity-field">
      <span>{props.label}</span>
      <input type="password" name={props.name} autoComplete={props.autoComplete} value={props.value.value} onInput={(e) => (props.value.value = (e.target as HTMLInputElement).value)} />
    </label>
  );
}

/** Where a name's profile is. */
export const profileHref = (name: string) => `/?player=${encodeURIComponent(name)}`;

function NameForm({ close }: { close: (said: string) => void }) {
  const m = me.value;
  const value = useSignal(m?.name ?? '');
  const { error, busy, send } = useForm();
  const wait = m?.name && m.name_change_in_ms ? m.name_change_in_ms : 0;
  const submit = (ev: Event) => {
    ev.preventDefault();
    const problem = nameProblem(value.value);
    if (problem) {
      error.value = problem;
      return;
    }
    const name = value.value.trim();
    send(
      () => identityApi.setName(name),
      (next) => close(`You are now ${next.name ?? name}.`),
    );
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
      <FormEnd error={error.value} action="save-name" label={m?.name ? 'Change name' : 'Choose this name'} disabled={busy.value || wait > 0} close={close} />
    </form>
  );
}

function AccountForm({ close }: { close: (said: string) => void }) {
  const m = me.value;
  const password = useSignal('');
  const again = useSignal('');
  const { error, busy, send } = useForm();
  const submit = (ev: Event) => {
    ev.preventDefault();
    const problem = passwordProblem(password.value, again.value);
    if (problem) {
      error.value = problem;
      return;
    }
    send(
      () => identityApi.createAccount(password.value),
      (next) => close(`Account created. On another device, log in as ${next.name ?? ''} with this password.`),
    );
  };
  return (
    <form class="identity-form account-form" onSubmit={submit} noValidate>
      <p class="identity-note">
        {`Your account is your name, ${m?.name ?? ''}, and a password. Log in with them on another device to play your games there and keep your ratings.`}
      </p>
      {/* For password managers: the account's name beside the new password. */}
      <input type="text" name="username" autoComplete="username" value={m?.name ?? ''} readOnly hidden />
      <PasswordField label="Password (at least 8 characters)" name="password" autoComplete="new-password" value={password} />
      <PasswordField label="The same password again" name="password-again" autoComplete="new-password" value={again} />
      <FormEnd error={error.value} action="create-account" label="Create account" disabled={busy.value} close={close} />
    </form>
  );
}

function LoginForm({ close }: { close: (said: string) => void }) {
  const name = useSignal('');
  const password = useSignal('');
  const { error, busy, send } = useForm();
  const submit = (ev: Event) => {
    ev.preventDefault();
    if (!name.value.trim() || !password.value) {
      error.value = 'Type your name and your password.';
      return;
    }
    // This device now plays as the account: its games, seats and ratings.
    send(
      () => identityApi.logIn(name.value.trim(), password.value),
      () => location.reload(),
      true,
    );
  };
  return (
    <form class="identity-form login-form" onSubmit={submit} noValidate>
      <p class="identity-note">Log in with the name and password of your account. While logged in, this device plays as your account; log out to come back to this device's own games.</p>
      <label class="identity-field">
        <span>Name</span>
        <input name="login-name" autoComplete="username" autoCapitalize="off" spellcheck={false} value={name.value} onInput={(e) => (name.value = (e.target as HTMLInputElement).value)} />
      </label>
      <PasswordField label="Password" name="login-password" autoComplete="current-password" value={password} />
      <FormEnd error={error.value} action="log-in" label="Log in" disabled={busy.value} close={close} />
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

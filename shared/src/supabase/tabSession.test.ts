import { createTabSession, type SessionChannel, type TabSession } from './tabSession';

const KEY = 'campuscare.auth.session';

/** Tabs of one browser: every channel hears what the others post, later, as BroadcastChannel delivers it. */
function browserGroup() {
  const channels: { listeners: ((event: MessageEvent<unknown>) => void)[] }[] = [];
  function openChannel(): SessionChannel {
    const own = { listeners: [] as ((event: MessageEvent<unknown>) => void)[] };
    channels.push(own);
    return {
      postMessage(message) {
        for (const other of channels) {
          if (other === own) continue;
          setTimeout(
            () => other.listeners.forEach((listener) => listener(new MessageEvent('message', { data: message }))),
            0,
          );
        }
      },
      addEventListener(_type, listener) {
        own.listeners.push(listener);
      },
    };
  }
  return {
    openTab(): { storage: Storage; tab: TabSession; signedOut: jest.Mock } {
      const values = new Map<string, string>();
      const storage = {
        getItem: (name: string) => values.get(name) ?? null,
        setItem: (name: string, value: string) => void values.set(name, value),
        removeItem: (name: string) => void values.delete(name),
      } as Storage;
      const tab = createTabSession({ storage, key: KEY, channel: openChannel() });
      const signedOut = jest.fn();
      tab.onSignedOutElsewhere(signedOut);
      return { storage, tab, signedOut };
    },
  };
}

/** A stored session as supabase-js writes it; a later `expiresAt` was issued later. */
const session = (userId: string, token: string, expiresAt = 1_800_000_000) =>
  JSON.stringify({ access_token: token, refresh_token: `r-${token}`, expires_at: expiresAt, user: { id: userId } });
const settle = () => new Promise((resolve) => setTimeout(resolve, 5));
/** A message, then the answers it draws: two deliveries. */
const settleReplies = async () => {
  await settle();
  await settle();
};

describe('one session for the tabs of a browser', () => {
  it('lets a new tab adopt the session of an open one', async () => {
    const group = browserGroup();
    const first = group.openTab();
    first.tab.storage.setItem(KEY, session('u1', 'a'));
    const second = group.openTab();

    await expect(second.tab.adoptFromOtherTabs(200)).resolves.toBe(true);
    expect(second.storage.getItem(KEY)).toBe(session('u1', 'a'));
  });

  it('carries on signed out when no other tab answers in time', async () => {
    const group = browserGroup();
    group.openTab();
    const lonely = group.openTab();
    await expect(lonely.tab.adoptFromOtherTabs(20)).resolves.toBe(false);
    expect(lonely.storage.getItem(KEY)).toBeNull();
  });

  it('does not ask when the tab has its own session', async () => {
    const group = browserGroup();
    const other = group.openTab();
    other.tab.storage.setItem(KEY, session('u1', 'other'));
    const own = group.openTab();
    own.storage.setItem(KEY, session('u1', 'own'));
    await expect(own.tab.adoptFromOtherTabs(20)).resolves.toBe(false);
    expect(own.storage.getItem(KEY)).toBe(session('u1', 'own'));
  });

  it('keeps every tab on the newest tokens of the same user, so a rotated refresh token is never reused', async () => {
    const group = browserGroup();
    const first = group.openTab();
    const second = group.openTab();
    first.tab.storage.setItem(KEY, session('u1', 'a'));
    second.storage.setItem(KEY, session('u1', 'a'));

    first.tab.storage.setItem(KEY, session('u1', 'refreshed', 1_800_003_600));
    await settle();
    expect(second.storage.getItem(KEY)).toBe(session('u1', 'refreshed', 1_800_003_600));
    expect(second.signedOut).not.toHaveBeenCalled();
  });

  it('signs every tab out when one signs out, without echoing it back', async () => {
    const group = browserGroup();
    const tabs = [group.openTab(), group.openTab(), group.openTab()];
    for (const { storage } of tabs) storage.setItem(KEY, session('u1', 'a'));

    tabs[0]?.tab.storage.removeItem(KEY);
    await settle();
    for (const { storage } of tabs) expect(storage.getItem(KEY)).toBeNull();
    expect(tabs[0]?.signedOut).not.toHaveBeenCalled();
    expect(tabs[1]?.signedOut).toHaveBeenCalledTimes(1);
    expect(tabs[2]?.signedOut).toHaveBeenCalledTimes(1);
  });

  it('ends the session of a tab when another tab signs in as someone else', async () => {
    const group = browserGroup();
    const first = group.openTab();
    const second = group.openTab();
    second.storage.setItem(KEY, session('u1', 'a'));

    first.tab.storage.setItem(KEY, session('u2', 'b', 1_800_000_100));
    await settle();
    expect(second.storage.getItem(KEY)).toBeNull();
    expect(second.signedOut).toHaveBeenCalledTimes(1);
  });

  it('keeps the newer session when a stale tab broadcasts an older one, and brings the stale tab up to date', async () => {
    const group = browserGroup();
    const current = group.openTab();
    const other = group.openTab();
    const stale = group.openTab();
    current.storage.setItem(KEY, session('u1', 'refreshed', 1_800_003_600));
    other.storage.setItem(KEY, session('u1', 'refreshed', 1_800_003_600));
    stale.storage.setItem(KEY, session('u1', 'old', 1_800_000_000));

    // Stored again by a tab that slept through the refresh: its refresh token has been rotated.
    stale.tab.storage.setItem(KEY, session('u1', 'old', 1_800_000_000));
    await settleReplies();
    expect(current.storage.getItem(KEY)).toBe(session('u1', 'refreshed', 1_800_003_600));
    expect(other.storage.getItem(KEY)).toBe(session('u1', 'refreshed', 1_800_003_600));
    expect(stale.storage.getItem(KEY)).toBe(session('u1', 'refreshed', 1_800_003_600));
    for (const { signedOut } of [current, other, stale]) expect(signedOut).not.toHaveBeenCalled();
  });

  it('is not signed out by an older session of someone else', async () => {
    const group = browserGroup();
    const current = group.openTab();
    const stale = group.openTab();
    current.storage.setItem(KEY, session('u2', 'new-user', 1_800_003_600));
    stale.storage.setItem(KEY, session('u1', 'left-over', 1_800_000_000));

    stale.tab.storage.setItem(KEY, session('u1', 'left-over', 1_800_000_000));
    await settleReplies();
    expect(current.storage.getItem(KEY)).toBe(session('u2', 'new-user', 1_800_003_600));
    expect(current.signedOut).not.toHaveBeenCalled();
    // The stale tab hears the newer session of someone else: its own has ended.
    expect(stale.storage.getItem(KEY)).toBeNull();
    expect(stale.signedOut).toHaveBeenCalledTimes(1);
  });

  it('takes the same session with updated details, but no session it cannot date', async () => {
    const group = browserGroup();
    const first = group.openTab();
    const second = group.openTab();
    first.storage.setItem(KEY, session('u1', 'a'));
    second.storage.setItem(KEY, session('u1', 'a'));

    const renamed = JSON.stringify({
      ...(JSON.parse(session('u1', 'a')) as object),
      user: { id: 'u1', user_metadata: { first_name: 'Ada' } },
    });
    first.tab.storage.setItem(KEY, renamed);
    await settle();
    expect(second.storage.getItem(KEY)).toBe(renamed);

    first.tab.storage.setItem(KEY, JSON.stringify({ access_token: 'x', refresh_token: 'r-x', user: { id: 'u1' } }));
    await settle();
    expect(second.storage.getItem(KEY)).toBe(renamed);
  });

  it('leaves signed-out tabs and other keys alone', async () => {
    const group = browserGroup();
    const first = group.openTab();
    const idle = group.openTab();
    first.tab.storage.setItem(`${KEY}-code-verifier`, 'verifier');
    first.tab.storage.setItem(KEY, session('u1', 'a'));
    await settle();
    expect(idle.storage.getItem(KEY)).toBeNull();
    expect(idle.storage.getItem(`${KEY}-code-verifier`)).toBeNull();

    first.tab.storage.removeItem(KEY);
    await settle();
    expect(idle.signedOut).not.toHaveBeenCalled();
  });

  it('works alone where the browser has no BroadcastChannel', async () => {
    const storage = window.sessionStorage;
    const tab = createTabSession({ storage, key: KEY, channel: null });
    await expect(tab.adoptFromOtherTabs(10)).resolves.toBe(false);
    tab.storage.setItem(KEY, session('u1', 'a'));
    expect(storage.getItem(KEY)).toBe(session('u1', 'a'));
    tab.storage.removeItem(KEY);
    expect(storage.getItem(KEY)).toBeNull();
  });
});

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
          setTimeout(() => other.listeners.forEach((listener) => listener(new MessageEvent('message', { data: message }))), 0);
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

const session = (userId: string, token: string) => JSON.stringify({ access_token: token, refresh_token: `r-${token}`, user: { id: userId } });
const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

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

    first.tab.storage.setItem(KEY, session('u1', 'refreshed'));
    await settle();
    expect(second.storage.getItem(KEY)).toBe(session('u1', 'refreshed'));
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

    first.tab.storage.setItem(KEY, session('u2', 'b'));
    await settle();
    expect(second.storage.getItem(KEY)).toBeNull();
    expect(second.signedOut).toHaveBeenCalledTimes(1);
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

import { createYieldPlugin } from './yieldPlugin';

type BeforeLoadShareArgs = Parameters<NonNullable<ReturnType<typeof createYieldPlugin>['beforeLoadShare']>>[0];

describe('createYieldPlugin', () => {
  afterEach(() => jest.useRealTimers());

  it('hands each shared module on unchanged, but only in a later task', async () => {
    jest.useFakeTimers();
    const plugin = createYieldPlugin();
    const args = { pkgName: 'react' } as unknown as BeforeLoadShareArgs;
    let handedOn: unknown;
    void Promise.resolve(plugin.beforeLoadShare?.(args)).then((result) => {
      handedOn = result;
    });

    // Promise jobs alone (the rest of the current task) do not let it go on.
    for (let i = 0; i < 10; i++) await Promise.resolve();
    expect(handedOn).toBeUndefined();

    await jest.runOnlyPendingTimersAsync();
    expect(handedOn).toBe(args);
  });
});

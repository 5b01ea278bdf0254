import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Area } from '@campuscare/shared';
import { memberFixture, serveTestConfig } from '../../../test/web/fixtures';
import { resetFakeBackend, signInAs } from '../../../test/web/fakeSupabase';
import { testRoutesModule } from '../../../test/web/testRemotes';
import { App } from '../app/App';
import { createAreaLoader } from './areaLoader';
import { createRecoveryPlugin } from './recoveryPlugin';

const MAX_ATTEMPTS = 3;

/** A federation stand-in where chosen areas are unreachable until `bringBack` is called. */
function federationWithDownAreas(down: Set<Area>) {
  const fetchRoutesModule = jest.fn(async (area: Area) => {
    if (down.has(area)) throw new Error(`manifest of ${area} is unreachable`);
    return testRoutesModule(area);
  });
  const forgetRemote = jest.fn();
  const areaLoader = createAreaLoader({
    fetchRoutesModule,
    forgetRemote,
    maxAttempts: MAX_ATTEMPTS,
    waitBeforeRetry: async () => undefined,
  });
  return { areaLoader, fetchRoutesModule, forgetRemote };
}

function attemptsFor(fetchRoutesModule: jest.Mock, area: Area): number {
  return fetchRoutesModule.mock.calls.filter(([calledArea]) => calledArea === area).length;
}

beforeEach(() => {
  serveTestConfig();
  resetFakeBackend();
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => jest.restoreAllMocks());

describe('remote fallback', () => {
  it('shows a retry fallback inside the layout after a bounded number of attempts, and recovers on Retry', async () => {
    signInAs(memberFixture('doctor'));
    const down = new Set<Area>(['doctor']);
    const { areaLoader, fetchRoutesModule, forgetRemote } = federationWithDownAreas(down);
    window.history.pushState({}, '', '/dashboarrd');
    render(<App areaLoader={areaLoader} />);

    const fallback = await screen.findByRole('alert');
    expect(
      within(fallback).getByRole('heading', { name: 'The doctor area is unavailable right now' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Doctor navigation' })).toBeInTheDocument();
    expect(attemptsFor(fetchRoutesModule, 'doctor')).toBe(MAX_ATTEMPTS);
    expect(forgetRemote).toHaveBeenCalledWith('doctor');

    down.delete('doctor');
    await userEvent.click(within(fallback).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'doctor page /dashboarrd' })).toBeInTheDocument();
  });

  it('keeps other areas working while one remote is down', async () => {
    const { areaLoader } = federationWithDownAreas(new Set<Area>(['admin']));
    window.history.pushState({}, '', '/');
    render(<App areaLoader={areaLoader} />);
    expect(await screen.findByRole('heading', { name: 'landing page /' })).toBeInTheDocument();
  });

  it('catches a remote page that throws while rendering and offers Retry', async () => {
    signInAs(memberFixture('student'));
    let crash = true;
    const routesModule = testRoutesModule('student');
    const WorkingPage = routesModule.default['/studentprogram'];
    if (!WorkingPage) throw new Error('test remote has no /studentprogram page');
    routesModule.default['/studentprogram'] = function CrashingPage() {
      if (crash) throw new Error('remote bug');
      return <WorkingPage />;
    };
    const areaLoader = createAreaLoader({
      fetchRoutesModule: async (area) => (area === 'student' ? routesModule : testRoutesModule(area)),
      forgetRemote: () => undefined,
      maxAttempts: 1,
      waitBeforeRetry: async () => undefined,
    });
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    window.history.pushState({}, '', '/studentprogram');
    render(<App areaLoader={areaLoader} />);

    const fallback = await screen.findByRole('alert');
    expect(
      within(fallback).getByRole('heading', { name: 'The student area is unavailable right now' }),
    ).toBeInTheDocument();
    crash = false;
    await userEvent.click(within(fallback).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'student page /studentprogram' })).toBeInTheDocument();
  });
});

describe('recovery runtime plugin', () => {
  const plugin = createRecoveryPlugin();
  const errorLoadRemote = plugin.errorLoadRemote as (args: { lifecycle: string; error: unknown }) => unknown;

  it('turns a failed remote load into a marker module the shell recognises', () => {
    expect(errorLoadRemote({ lifecycle: 'onLoad', error: new Error('net::ERR_FAILED') })).toEqual({
      remoteUnavailable: true,
      reason: 'Error: net::ERR_FAILED',
    });
  });

  it('leaves the earlier lifecycles alone so the failure reaches the final load step', () => {
    expect(errorLoadRemote({ lifecycle: 'afterResolve', error: new Error('404') })).toBeUndefined();
  });
});

describe('area loader', () => {
  it('loads an area once and serves it from cache afterwards', async () => {
    const { areaLoader, fetchRoutesModule } = federationWithDownAreas(new Set());
    await areaLoader.load('admin');
    await areaLoader.load('admin');
    expect(attemptsFor(fetchRoutesModule, 'admin')).toBe(1);
    expect(areaLoader.peek('admin')).toBeDefined();
  });

  it('rejects the marker module of an unreachable remote', async () => {
    const areaLoader = createAreaLoader({
      fetchRoutesModule: async () => ({ remoteUnavailable: true, reason: 'offline' }),
      forgetRemote: () => undefined,
      maxAttempts: 2,
      waitBeforeRetry: async () => undefined,
    });
    await expect(areaLoader.load('student')).rejects.toThrow('The student area could not be loaded: offline');
  });
});

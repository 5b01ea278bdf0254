/**
 * A feature's api module for `jest.mock`, with some of its functions replaced by `mocks`: the mutations declared in it
 * (`apiMutation({ run: saveX })`) run the mock that replaced their `run`, as the functions they name would have.
 */
export function mockApiModule<Module extends object>(actual: Module, mocks: Partial<Module>): Module {
  const replacing = new Map<unknown, unknown>(
    Object.entries(mocks).map(([name, mock]) => [actual[name as keyof Module], mock]),
  );
  const declared = Object.entries(actual).map(([name, value]: [string, unknown]) =>
    typeof value === 'object' && value !== null && 'run' in value && replacing.has(value.run)
      ? [name, { ...value, run: replacing.get(value.run) }]
      : [name, value],
  );
  return { ...Object.fromEntries(declared), ...mocks } as Module;
}

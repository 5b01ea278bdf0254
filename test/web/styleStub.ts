// CSS (modules) in unit tests: every class name maps to its own key.
module.exports = new Proxy(
  {},
  {
    get: (_target, key) => (key === '__esModule' ? false : String(key)),
  },
);

const { createAppConfig } = require('../build/webpack-config');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'mfe_landing',
  classPrefix: 'landing',
  devPort: 3001,
  exposes: { './Routes': './src/routes/index.ts' },
});

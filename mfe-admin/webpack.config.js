const { createAppConfig } = require('../build/webpack-config');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'mfe_admin',
  classPrefix: 'admin',
  devPort: 3002,
  exposes: { './Routes': './src/routes/index.ts' },
});

const { createAppConfig } = require('../build/webpack-config');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'mfe_doctor',
  classPrefix: 'doctor',
  devPort: 3003,
  exposes: { './Routes': './src/routes/index.ts' },
});

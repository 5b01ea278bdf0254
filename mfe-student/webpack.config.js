const { createAppConfig } = require('../build/webpack-config');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'mfe_student',
  classPrefix: 'student',
  devPort: 3004,
  exposes: { './Routes': './src/routes/index.ts' },
});

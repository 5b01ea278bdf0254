const { createAppConfig } = require('../build/webpack-config');

module.exports = createAppConfig({ dir: __dirname, name: 'shell', classPrefix: 'shell', devPort: 3000 });

module.exports = {
  ...require('./apps'),
  ...require('./build'),
  ...require('./demo-results'),
  ...require('./runtime-config'),
  ...require('./stack'),
};

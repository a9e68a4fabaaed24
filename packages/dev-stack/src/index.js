module.exports = {
  ...require('./apps'),
  ...require('./build'),
  ...require('./runtime-config'),
  ...require('./stack'),
};

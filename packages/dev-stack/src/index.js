module.exports = {
  ...require('./apps'),
  ...require('./build'),
  ...require('./ports'),
  ...require('./runtime-config'),
  ...require('./stack'),
};

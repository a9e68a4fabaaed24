module.exports = {
  ...require('./apps'),
  ...require('./build'),
  ...require('./demo-results'),
  ...require('./firebase-stack'),
  ...require('./function-params'),
  ...require('./proven-account'),
  ...require('./runtime-config'),
  ...require('./stack'),
  ...require('./stack-process'),
  watchUndeclaredQueries: require('./backend').watchUndeclaredQueries,
  // Served the same way as the apps (compressed, as production hosting does): the bench's peer pages.
  createStaticServer: require('./static-server').createStaticServer,
  closeServer: require('./static-server').closeServer,
};

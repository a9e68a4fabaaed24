module.exports = { ...require('./shared'), ...require('./apps'), ...require('./webpack-config') };

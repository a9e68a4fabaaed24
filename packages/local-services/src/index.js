// Local services as child processes, for the dev stack and for tests of every package.
module.exports = {
  ...require('./auth-emulator'),
  ...require('./child-service'),
  ...require('./firestore-emulator'),
  ...require('./ports'),
  ...require('./shared-auth-emulators'),
  ...require('./tail'),
};

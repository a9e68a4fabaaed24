// Firebase loads the functions' code to find them (FUNCTIONS_CONTROL_API=true) before any parameter
// has a value: a parameter read there is a warning at every deploy and in the Functions emulator, and
// the value read is not the deployed one. deploy:check proves the same on the built artifact.
it('reads no parameter while Firebase loads the functions to find them', async () => {
  process.env.FUNCTIONS_CONTROL_API = 'true';
  try {
    await jest.isolateModulesAsync(async () => {
      const { Expression } = await import('firebase-functions/params');
      const read = jest.spyOn(Expression.prototype, 'value');
      const functions = await import('./index');
      expect(typeof functions.admin.setUserRole).toBe('function');
      expect(read.mock.contexts.map(String)).toEqual([]);
    });
  } finally {
    delete process.env.FUNCTIONS_CONTROL_API;
  }
});

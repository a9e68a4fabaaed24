// Google's client libraries (firebase-admin, firebase-functions) probe the cloud metadata server, a
// link-local address, for credentials; tests run only against loopback services, so never probe.
process.env.METADATA_SERVER_DETECTION = 'none';

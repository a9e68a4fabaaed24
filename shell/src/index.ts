import { startEarlyFetches } from './early-fetch';

startEarlyFetches();
// Async boundaries: shared singletons are negotiated before any app code runs. The early start
// needs few of them, so it begins the page's requests while the screens still download.
import('./early-start');
import('./bootstrap');

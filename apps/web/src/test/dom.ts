// jsdom's missing browser APIs and unmounting after each test, as the console's tests have them.
import '@vitrine/web-core/test/dom';

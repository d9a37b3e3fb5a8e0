import { loadConfig } from '../config';
import { type Bus, InProcessBus } from './bus';
import { RedisBus } from './bus.redis';
import { describeBus } from './bus.suite';

describeBus('in-process', async () => {
  // One process is one deployment: instances of a namespace share its bus.
  const buses = new Map<string, Bus>();
  return {
    separateInstances: false,
    async connect(namespace) {
      let bus = buses.get(namespace);
      if (!bus) buses.set(namespace, (bus = new InProcessBus()));
      return bus;
    },
    async close() {
      await Promise.all([...buses.values()].map((b) => b.close()));
    },
  };
});

// Runs where Redis is (CI's extra pass sets REDIS_URL); skipped on a fresh clone without it.
const redisUrl = loadConfig(process.env).redisUrl;
describeBus(
  'Redis',
  async () => {
    const opened: Bus[] = [];
    return {
      separateInstances: true,
      async connect(namespace) {
        const bus = new RedisBus({ url: redisUrl ?? '', prefix: `chat-test:${namespace}:` });
        opened.push(bus);
        return bus;
      },
      async close() {
        await Promise.all(opened.map((b) => b.close()));
      },
    };
  },
  !redisUrl,
);

import net from 'node:net';

/**
 * A TCP relay on loopback to `targetPort` that a test can cut (every connection dropped, new
 * ones refused) and restore on the same port: a service behind a network that fails.
 */
export async function tcpRelay(targetPort: number) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;
  const open = async () => {
    if (server) return;
    const relay = net.createServer((socket) => {
      const upstream = net.connect(targetPort, '127.0.0.1');
      for (const end of [socket, upstream]) {
        sockets.add(end);
        end.on('close', () => sockets.delete(end));
        end.on('error', () => {
          socket.destroy();
          upstream.destroy();
        });
      }
      socket.pipe(upstream).pipe(socket);
    });
    await new Promise<void>((resolve, reject) => {
      relay.once('error', reject);
      relay.listen(port, '127.0.0.1', resolve);
    });
    const address = relay.address();
    port = typeof address === 'object' && address ? address.port : 0;
    server = relay;
  };
  await open();
  return {
    get port() {
      return port;
    },
    /** Drops every connection and refuses new ones until {@link restore}. */
    cut: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        if (server) server.close(() => resolve());
        else resolve();
        server = null;
      }),
    restore: open,
  };
}

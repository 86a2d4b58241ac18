// A TCP proxy a test puts between the app and PostgreSQL, to make the database unreachable without stopping
// the shared server: `cut()` resets every open connection and refuses new ones, `hang()` accepts and never
// answers (a network that swallows packets), `restore()` forwards again.
import net from 'node:net'

export type ProxyMode = 'open' | 'cut' | 'hang'

export interface TcpProxy {
  /** the URL with host and port replaced by the proxy's */
  url: string
  mode(): ProxyMode
  /** resets every connection through the proxy and refuses new ones */
  cut(): void
  /** new connections are accepted and then left without an answer; open ones keep working */
  hang(): void
  restore(): void
  close(): Promise<void>
}

export async function startTcpProxy(targetUrl: string): Promise<TcpProxy> {
  const target = new URL(targetUrl)
  const targetPort = Number(target.port || 5432)
  let mode: ProxyMode = 'open'
  const sockets = new Set<net.Socket>()
  const hung = new Set<net.Socket>()
  const track = (socket: net.Socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => socket.destroy())
  }

  const server = net.createServer((client) => {
    track(client)
    if (mode === 'cut') return void client.resetAndDestroy()
    if (mode === 'hang') {
      hung.add(client)
      client.on('close', () => hung.delete(client))
      return
    }
    const upstream = net.connect(targetPort, target.hostname)
    track(upstream)
    client.pipe(upstream).pipe(client)
    client.on('close', () => upstream.destroy())
    upstream.on('close', () => client.destroy())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const proxied = new URL(targetUrl)
  proxied.hostname = '127.0.0.1'
  proxied.port = String((server.address() as net.AddressInfo).port)

  return {
    url: proxied.toString(),
    mode: () => mode,
    cut() {
      mode = 'cut'
      for (const socket of sockets) socket.resetAndDestroy()
    },
    hang() {
      mode = 'hang'
    },
    restore() {
      mode = 'open'
      // connections accepted while hanging were never forwarded; end them so their clients give up
      for (const socket of hung) socket.resetAndDestroy()
    },
    async close() {
      for (const socket of sockets) socket.destroy()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}

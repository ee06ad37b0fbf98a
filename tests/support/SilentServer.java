package support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** A loopback TCP server that accepts every connection and then never reads, writes or closes until closed itself. */
public final class SilentServer implements AutoCloseable {
    private final ServerSocket server;
    private final List<Socket> held = new CopyOnWriteArrayList<>();

    public SilentServer() {
        try {
            server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Thread acceptor = new Thread(() -> {
            try {
                while (true) {
                    held.add(server.accept());
                }
            } catch (IOException closed) {
                // close() ends the loop
            }
        }, "silent-server");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    public int port() {
        return server.getLocalPort();
    }

    /** How many connections were accepted (and left unanswered). */
    public int accepted() {
        return held.size();
    }

    @Override
    public void close() {
        try {
            server.close();
            for (Socket s : held) {
                s.close();
            }
        } catch (IOException ignored) {
            // best effort
        }
    }
}

package support;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A child process's peak resident set size, the kernel's VmHWM, sampled every 50 ms while it runs (VmHWM only grows,
 * so the last sample before exit is the peak up to then; a spike in the final 50 ms could be missed).
 */
public final class PeakRss implements AutoCloseable {
    private final long pid;
    private final Thread sampler;
    private volatile long peakKib;

    private PeakRss(long pid) {
        this.pid = pid;
        sampler = new Thread(this::sample, "peak-rss-" + pid);
        sampler.setDaemon(true);
        sampler.start();
    }

    public static PeakRss of(Process p) {
        return new PeakRss(p.pid());
    }

    private void sample() {
        Path status = Path.of("/proc/" + pid + "/status");
        while (true) {
            try {
                for (String line : Files.readAllLines(status)) {
                    if (line.startsWith("VmHWM:")) {
                        peakKib = Math.max(peakKib, Long.parseLong(line.replaceAll("\\D", "")));
                    }
                }
                Thread.sleep(50);
            } catch (IOException | RuntimeException e) {
                return; // the process is gone
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /** The peak seen so far, in MiB. */
    public long mib() {
        return peakKib / 1024;
    }

    @Override
    public void close() {
        sampler.interrupt();
    }
}

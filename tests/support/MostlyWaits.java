package support;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A test class that must run alone but spends most of its time waiting: for timeouts to expire, for hanging programs
 * to be killed, for grace periods. RunTests runs these one after another in a JVM of their own ({@link AlongsideJvm}),
 * alongside the other classes, so that the waiting overlaps their work. Each class still runs alone in that JVM, and
 * {@link ProcessTable#ownDescendants} there sees only its processes.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface MostlyWaits {}

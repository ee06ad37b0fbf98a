package support;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A test class that may run at the same time as other such classes. RunTests runs these first, a few at a time
 * (each class's own tests one after another), and then every other class alone.
 * <p>
 * Only for a class that changes nothing process-wide (system properties, the default locale, shared files outside its
 * own temporary folders), counts none of the JVM's processes or threads, measures no time, memory or peak RSS, and
 * listens on no fixed port: its fixtures are its own, made through {@link TempDirs} or {@link TempRepo}.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Parallel {}

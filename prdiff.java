///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 17+
// stringConcat=inline: a + b as StringBuilder code. javac's default spins classes at each first use that JDK 17's
// CDS archives never keep, about 16 ms of every start.
// -J: javac itself runs C1 only with the serial collector: a cold build of every lib file takes 3 s instead of 5,
// and less than half the CPU (C2 compiling javac's own code does not pay back within one build).
//JAVAC_OPTIONS -J-XX:TieredStopAtLevel=1 -J-XX:+UseSerialGC -encoding UTF-8 -XDstringConcat=inline
// picocli.disable.closures: picocli looks for Groovy closures in every annotation otherwise; prdiff has none.
// picocli.converters.excludes: picocli registers converters for java.sql and java.time types by reflection, which
// loads about 100 JDK classes at every start; no prdiff option has such a type, and -C's paths have a converter of
// their own (lib/cli/Value.java).
//RUNTIME_OPTIONS -Dfile.encoding=UTF-8 -Dpicocli.disable.closures=true -Dpicocli.converters.excludes=java.sql.*,java.time.*,java.nio.file.Path
//DEPS info.picocli:picocli:4.7.7
//DEPS com.fasterxml.jackson.core:jackson-databind:2.20.1
//DESCRIPTION Hermetic pull-request and git diffs: whole, per file, or as a JSON file list
//SOURCES lib/Sources.java

import dev.prdiff.cli.Cli;

/** The prdiff command; the command line itself is lib/cli. */
class prdiff {
    public static void main(String... args) {
        System.exit(Cli.runAsProcess(args));
    }
}

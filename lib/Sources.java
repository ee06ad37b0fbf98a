// The shared code every entry point (prdiff.java, mcp-shim.java, tests/RunTests.java) compiles in.
// One glob per package: a new file needs no new line here.
//SOURCES core/*.java
//SOURCES exec/*.java
//SOURCES diff/*.java
//SOURCES git/*.java
//SOURCES github/*.java
//SOURCES app/*.java
//SOURCES mcp/*.java

/** Holds the list of lib sources above; JBang follows nested //SOURCES from here. */
final class Sources {
    private Sources() {}
}

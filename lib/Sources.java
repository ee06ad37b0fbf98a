// The shared code every entry point (prdiff.java, mcp-shim.java, tests/RunTests.java) compiles in.
//SOURCES core/ErrorCode.java
//SOURCES core/PrdiffException.java
//SOURCES exec/Command.java
//SOURCES exec/Subprocess.java
//SOURCES diff/ChangeType.java
//SOURCES diff/DiffParseException.java
//SOURCES diff/FileSection.java
//SOURCES diff/HunkHeader.java
//SOURCES diff/LineReader.java
//SOURCES diff/QuotedPath.java
//SOURCES diff/SectionHeader.java
//SOURCES diff/DiffParser.java

/** Holds the list of lib sources above; JBang follows nested //SOURCES from here. */
final class Sources {
    private Sources() {}
}

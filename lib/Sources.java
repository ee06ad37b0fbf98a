// The shared code every entry point (prdiff.java, mcp-shim.java, tests/RunTests.java) compiles in.
// One line per file, no globs: JBang cannot expand a glob when the script runs from a URL (the catalog alias).
// SourcesListTest checks that every file under lib/ is listed.
//SOURCES core/ErrorCode.java
//SOURCES core/FileEntry.java
//SOURCES core/FileList.java
//SOURCES core/Json.java
//SOURCES core/Messages.java
//SOURCES core/Pagination.java
//SOURCES core/PathBytes.java
//SOURCES core/PrdiffException.java
//SOURCES exec/Command.java
//SOURCES exec/Subprocess.java
//SOURCES exec/Utf8Relaunch.java
//SOURCES diff/ChangeType.java
//SOURCES diff/DiffParseException.java
//SOURCES diff/DiffParser.java
//SOURCES diff/FileSection.java
//SOURCES diff/HunkHeader.java
//SOURCES diff/LineReader.java
//SOURCES diff/QuotedPath.java
//SOURCES diff/SectionFilter.java
//SOURCES diff/SectionHeader.java
//SOURCES git/DiffSpec.java
//SOURCES git/Git.java
//SOURCES git/GitEnvironment.java
//SOURCES git/LocalDiffs.java
//SOURCES git/ObjectIds.java
//SOURCES git/PathLimit.java
//SOURCES git/PrivateDir.java
//SOURCES git/RawNumstat.java
//SOURCES git/Revisions.java
//SOURCES git/ScratchFetch.java
//SOURCES git/ScratchGitDir.java
//SOURCES git/ShardedNumstat.java
//SOURCES git/TrustSettings.java
//SOURCES github/ApiResponse.java
//SOURCES github/Gh.java
//SOURCES github/GhErrors.java
//SOURCES github/GitHubHosts.java
//SOURCES github/GitHubRepo.java
//SOURCES github/PullRequestFetch.java
//SOURCES github/PullRequestInfo.java
//SOURCES github/PullRequests.java
//SOURCES cache/MemoryCache.java
//SOURCES cache/PullRequestDiffCache.java
//SOURCES app/DiffRequest.java
//SOURCES app/PathSelection.java
//SOURCES app/Prdiff.java
//SOURCES app/PullRequestDiffs.java
//SOURCES app/Target.java
//SOURCES shape/DiffColors.java
//SOURCES shape/DiffLayout.java
//SOURCES shape/FileFilter.java
//SOURCES shape/HunkLines.java
//SOURCES shape/LineNumbers.java
//SOURCES shape/LineWriter.java
//SOURCES shape/OutputShape.java
//SOURCES shape/SideBySide.java
//SOURCES mcp/BatchResponse.java
//SOURCES mcp/DiffTools.java
//SOURCES mcp/Lifecycle.java
//SOURCES mcp/McpServer.java
//SOURCES mcp/MessageReader.java
//SOURCES mcp/MessageWriter.java
//SOURCES mcp/Responder.java
//SOURCES mcp/RpcError.java
//SOURCES mcp/RpcMessage.java
//SOURCES mcp/SchemaCheck.java
//SOURCES mcp/ToolCalls.java
//SOURCES mcp/ToolCatalog.java
//SOURCES mcp/ToolResults.java

/** Holds the list of lib sources above; JBang follows nested //SOURCES from here. */
final class Sources {
    private Sources() {}
}

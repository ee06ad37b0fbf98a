package support;

/**
 * A pull request's counts as git gives them for its commits: the files, lines added and deleted of
 * {@code git diff --numstat -M target...source} (a binary file counts no lines), and the commits of
 * {@code git rev-list --count source ^target}.
 */
public record GitCounts(int changedFiles, int commits, int additions, int deletions) {
    public static GitCounts of(TempRepo repo, String target, String source) {
        int additions = 0;
        int deletions = 0;
        var files = McpCalls.numstat(repo, target + "..." + source);
        for (String line : files) {
            String[] parts = line.split(" ");
            additions += Integer.parseInt(parts[parts.length - 2]);
            deletions += Integer.parseInt(parts[parts.length - 1]);
        }
        int commits = Integer.parseInt(repo.text("rev-list", "--count", source, "^" + target).strip());
        return new GitCounts(files.size(), commits, additions, deletions);
    }

    /** The counts --info answered, from its JSON. */
    public static GitCounts of(com.fasterxml.jackson.databind.JsonNode info) {
        return new GitCounts(count(info, "changed_files"), count(info, "commits"), count(info, "additions"),
                count(info, "deletions"));
    }

    /** -1 for a count that is absent or null. */
    private static int count(com.fasterxml.jackson.databind.JsonNode info, String field) {
        return info.hasNonNull(field) ? info.get(field).asInt() : -1;
    }
}

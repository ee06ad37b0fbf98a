package support;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The config sweep's keys and values: every key of the swept sections that {@code git help --config} lists on this
 * machine, each with hostile candidate values (a marker command where git takes a command, otherwise a value that
 * changes git's output if honoured), and the config file text that sets them.
 */
public final class HostileConfig {
    public static final List<String> SECTIONS = List.of("core.", "diff.", "attr.", "color.", "submodule.", "i18n.");

    public record Setting(String key, String value) {}

    /** Files and directories a hostile value may point at. */
    public record Places(Path attributesFile, Path orderFile, Path excludesFile, Path decoyWorkTree, Path hooksDir) {}

    private HostileConfig() {}

    /**
     * The swept keys as this git lists them, placeholders made concrete: {@code <driver>} is {@code driver},
     * {@code <name>} is {@code submodule}, anything else in angle brackets is {@code evil}.
     */
    public static List<String> keys(String driver, String submodule) {
        String listed = new String(NeutralGit.run(Path.of("/"), "help", "--config"), StandardCharsets.UTF_8);
        List<String> keys = new ArrayList<>();
        for (String line : listed.split("\n")) {
            String key = line.strip();
            if (key.isEmpty() || key.contains(" ") || SECTIONS.stream().noneMatch(key::startsWith)) {
                continue;
            }
            key = key.replace("<driver>", driver).replace("<name>", submodule).replaceAll("<[^>]*>", "evil");
            if (!keys.contains(key)) {
                keys.add(key);
            }
        }
        return keys;
    }

    /** Hostile values to try in order; the sweep keeps the first one git accepts. All differ from git's defaults. */
    public static List<String> candidates(String key, Markers markers, Places places) {
        String k = key.toLowerCase(Locale.ROOT);
        String mark = markers.command(key);
        String[] parts = k.split("\\.");
        if (k.startsWith("diff.") && parts.length == 3) {
            return switch (parts[2]) {
                case "command", "textconv" -> List.of(mark);
                case "binary", "cachetextconv" -> List.of("true");
                case "wordregex" -> List.of(".");
                case "xfuncname" -> List.of("^(.*)$");
                default -> List.of(mark, "true", "1");
            };
        }
        if (k.startsWith("submodule.") && parts.length == 3) {
            return switch (parts[2]) {
                case "active", "fetchrecursesubmodules" -> List.of("true");
                case "branch" -> List.of("evil");
                case "ignore" -> List.of("all", "dirty");
                case "update" -> List.of("!" + mark, "none");
                case "url" -> List.of(places.decoyWorkTree().toString());
                default -> List.of(mark, "true", "1");
            };
        }
        if (k.startsWith("color.")) {
            if (k.equals("color.blame.highlightrecent")) {
                return List.of("red,12 month ago,white", "red");
            }
            return parts.length == 2 ? List.of("always", "true") : List.of("bold red reverse", "red");
        }
        return switch (k) {
            case "core.alternaterefscommand", "core.askpass", "core.editor", "core.fsmonitor", "core.gitproxy",
                    "core.pager", "core.sshcommand", "diff.external" -> List.of(mark);
            case "core.abbrev" -> List.of("40", "12");
            case "core.alternaterefsprefixes" -> List.of("refs/evil");
            case "core.attributesfile" -> List.of(places.attributesFile().toString());
            case "core.excludesfile" -> List.of(places.excludesFile().toString());
            case "core.hookspath" -> List.of(places.hooksDir().toString());
            case "core.worktree" -> List.of(places.decoyWorkTree().toString());
            case "core.autocrlf", "core.bare", "core.fsyncobjectfiles", "core.hidedotfiles", "core.ignorecase",
                    "core.ignorestat", "core.precomposeunicode", "core.prefersymlinkrefs", "core.protecthfs",
                    "core.protectntfs", "core.restrictinheritedhandles", "core.safecrlf", "core.sparsecheckout",
                    "core.sparsecheckoutcone", "core.splitindex", "core.untrackedcache", "diff.cachetextconv",
                    "diff.mnemonicprefix", "diff.noprefix", "diff.relative", "diff.suppressblankempty",
                    "submodule.propagatebranches", "submodule.recurse" -> List.of("true");
            case "core.commitgraph", "core.filemode", "core.multipackindex", "core.preloadindex", "core.symlinks",
                    "core.trustctime", "core.usereplacerefs", "core.warnambiguousrefs", "diff.autorefreshindex",
                    "diff.indentheuristic" -> List.of("false");
            case "core.bigfilethreshold" -> List.of("1", "1k");
            case "core.checkroundtripencoding" -> List.of("UTF-16");
            case "core.checkstat" -> List.of("minimal");
            case "core.commentchar" -> List.of(";");
            case "core.compression", "core.loosecompression" -> List.of("0");
            case "core.createobject" -> List.of("rename");
            case "core.deltabasecachelimit", "core.filesreflocktimeout", "core.packedgitlimit",
                    "core.packedgitwindowsize", "core.packedrefstimeout" -> List.of("1", "1k", "1m");
            case "core.eol" -> List.of("crlf");
            case "core.fsmonitorhookversion" -> List.of("1");
            case "core.fsync" -> List.of("all", "none");
            case "core.fsyncmethod" -> List.of("writeout-only");
            case "core.logallrefupdates" -> List.of("always");
            case "core.notesref" -> List.of("refs/notes/evil");
            case "core.quotepath" -> List.of("false");
            case "core.repositoryformatversion" -> List.of("1");
            case "core.sharedrepository" -> List.of("group");
            case "core.unsetenvvars" -> List.of("PATH");
            case "core.whitespace" -> List.of("trailing-space,space-before-tab,indent-with-non-tab,cr-at-eol");
            case "diff.algorithm" -> List.of("histogram", "patience");
            case "diff.colormoved" -> List.of("zebra");
            case "diff.colormovedws" -> List.of("ignore-all-space");
            case "diff.context" -> List.of("0", "1");
            case "diff.dirstat" -> List.of("files,10");
            case "diff.guitool", "diff.tool" -> List.of("evil");
            case "diff.ignoresubmodules" -> List.of("all");
            case "diff.interhunkcontext" -> List.of("10");
            case "diff.orderfile" -> List.of(places.orderFile().toString());
            case "diff.renamelimit" -> List.of("1");
            case "diff.renames" -> List.of("copies", "false");
            case "diff.statgraphwidth" -> List.of("5");
            case "diff.submodule" -> List.of("log", "diff");
            case "diff.wordregex" -> List.of(".");
            case "diff.wserrorhighlight" -> List.of("all");
            case "i18n.commitencoding", "i18n.logoutputencoding" -> List.of("ISO-8859-1");
            case "submodule.active" -> List.of(".");
            case "submodule.alternateerrorstrategy" -> List.of("die");
            case "submodule.alternatelocation" -> List.of("superproject");
            case "submodule.fetchjobs" -> List.of("7");
            default -> List.of(mark, "true", "1", "always", "evil");
        };
    }

    /** Config file text setting each key (section, optional subsection, variable), values quoted. */
    public static String text(List<Setting> settings) {
        Map<String, StringBuilder> sections = new LinkedHashMap<>();
        for (Setting s : settings) {
            String key = s.key();
            int first = key.indexOf('.');
            int last = key.lastIndexOf('.');
            String header = first == last
                    ? "[" + key.substring(0, first) + "]"
                    : "[" + key.substring(0, first) + " " + quote(key.substring(first + 1, last)) + "]";
            sections.computeIfAbsent(header, h -> new StringBuilder())
                    .append('\t').append(key.substring(last + 1)).append(" = ").append(quote(s.value())).append('\n');
        }
        StringBuilder out = new StringBuilder();
        sections.forEach((header, body) -> out.append(header).append('\n').append(body));
        return out.toString();
    }

    private static String quote(String value) {
        return "\"" + value.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}

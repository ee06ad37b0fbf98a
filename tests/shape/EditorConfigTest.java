package shape;

import dev.prdiff.shape.EditorConfig;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** The tab widths an .editorconfig gives paths: its common sections, later ones winning, as editorconfig.org reads them. */
class EditorConfigTest {
    static final EditorConfig CONFIG = EditorConfig.parse("""
            # a comment
            root = true
            tab_width = 11

            [*]
            indent_style = space
            indent_size = 2

            [*.go]
            indent_style = tab
            tab_width = 8

            [Makefile]
            indent_style = tab
            indent_size = 6

            [*.{js,ts}]
            indent_size = 3
            ; tab only: the width is tab_width's or none
            [*.ts]
            indent_size = tab

            [lib/**.java]
            tab_width = 5

            [/top.txt]
            indent_size = 7

            [src/*.c]
            indent_size = 9

            [file?.md]
            indent_size = 1

            [[ab].txt]
            indent_size = 12

            [[!ab].txt]
            indent_size = 13

            [unset.txt]
            indent_size = unset

            [huge.txt]
            indent_size = 99
            """);

    @Test
    void sectionsMatchAsEditorConfigGlobs() {
        assertEquals(2, CONFIG.tabWidth("README"));
        assertEquals(8, CONFIG.tabWidth("main.go"));
        assertEquals(8, CONFIG.tabWidth("pkg/cmd/pr/shared/survey.go"));
        assertEquals(6, CONFIG.tabWidth("Makefile"));
        assertEquals(6, CONFIG.tabWidth("sub/dir/Makefile"));
        assertEquals(2, CONFIG.tabWidth("Makefile.am"));
        assertEquals(3, CONFIG.tabWidth("web/app.js"));
        assertEquals(5, CONFIG.tabWidth("lib/a/b/C.java"));
        assertEquals(2, CONFIG.tabWidth("other/lib/C.java"), "a glob with a slash is from the top");
        assertEquals(7, CONFIG.tabWidth("top.txt"));
        assertEquals(9, CONFIG.tabWidth("src/x.c"));
        assertEquals(2, CONFIG.tabWidth("src/deep/x.c"), "* stays in a folder");
        assertEquals(1, CONFIG.tabWidth("file1.md"));
        assertEquals(2, CONFIG.tabWidth("file10.md"));
        assertEquals(12, CONFIG.tabWidth("a.txt"));
        assertEquals(13, CONFIG.tabWidth("c.txt"));
    }

    @Test
    void tabWidthFirstThenANumericIndentSize() {
        // indent_size = tab leaves no number: the [*.{js,ts}] 3 is overridden
        assertNull(CONFIG.tabWidth("web/app.ts"));
        assertNull(CONFIG.tabWidth("unset.txt"));
        assertNull(CONFIG.tabWidth("huge.txt"), "a width past 16 is a mistake");
        EditorConfig both = EditorConfig.parse("[*]\nindent_size = 2\ntab_width = 4\n[*.py]\nindent_size = 3\n");
        assertEquals(4, both.tabWidth("a.c"));
        assertEquals(4, both.tabWidth("a.py"), "tab_width from [*] still stands");
        assertNull(EditorConfig.parse("").tabWidth("a.go"));
        assertNull(EditorConfig.parse("tab_width = 3\n").tabWidth("a.go"), "the preamble holds no file's settings");
        assertEquals(3, EditorConfig.parse("[*]\r\nTab_Width = 3\r\n").tabWidth("a.go"));
        assertEquals(4, EditorConfig.parse("[{a,{b,c}}.go]\ntab_width=4\n").tabWidth("c.go"), "nested braces");
        assertEquals(4, EditorConfig.parse("[{a.go]\ntab_width=4\n").tabWidth("{a.go"), "an unclosed brace is a letter");
    }
}

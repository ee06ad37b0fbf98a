package dev.prdiff.cli;

import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

import java.util.ArrayList;
import java.util.List;

/**
 * Where picocli puts one option's or parameter's value, read back typed with {@link #value()}. The commands are
 * declared in code rather than with picocli's annotations: every annotation type read makes a proxy class at run
 * time (nine of them, about 20 ms of every start with the code C1 then compiles), and JDK 17's CDS archive keeps
 * none. picocli keeps the value in the option's spec; this class implements none of picocli's interfaces, which
 * would keep it out of that archive where picocli's own class files are too old for it.
 */
final class Value<T> {
    private final Class<?> type;
    private final Class<?>[] elementTypes;
    private final T initial;
    private ArgSpec arg;

    private Value(Class<?> type, Class<?>[] elementTypes, T initial) {
        this.type = type;
        this.elementTypes = elementTypes;
        this.initial = initial;
    }

    /** A flag: false until given. */
    static Value<Boolean> flag(CommandSpec spec, OptionSpec.Builder option) {
        return add(spec, option, new Value<>(boolean.class, new Class<?>[0], false));
    }

    /** A number, null until given. */
    static Value<Integer> number(CommandSpec spec, OptionSpec.Builder option) {
        return add(spec, option, new Value<>(Integer.class, new Class<?>[0], null));
    }

    /** A number with its default as text, as --help shows it. */
    static Value<Integer> number(CommandSpec spec, int initial, OptionSpec.Builder option) {
        return add(spec, option.defaultValue(String.valueOf(initial)), new Value<>(int.class, new Class<?>[0], initial));
    }

    /** A large number, null until given. */
    static Value<Long> longNumber(CommandSpec spec, OptionSpec.Builder option) {
        return add(spec, option, new Value<>(Long.class, new Class<?>[0], null));
    }

    /** A word, {@code initial} until given. */
    static Value<String> text(CommandSpec spec, String initial, OptionSpec.Builder option) {
        return add(spec, initial == null ? option : option.defaultValue(initial),
                new Value<>(String.class, new Class<?>[0], initial));
    }

    /**
     * A path, null until given. Converted by {@code Path.of}: picocli's own converter for paths calls
     * {@code Paths.get} through reflection, which JDK 18 and later run through method handles spun at the first call
     * (about 5 ms of a JDK 25 start); prdiff.java's options leave that converter out.
     */
    static Value<java.nio.file.Path> path(CommandSpec spec, OptionSpec.Builder option) {
        return add(spec, option.converters(java.nio.file.Path::of),
                new Value<>(java.nio.file.Path.class, new Class<?>[0], null));
    }

    /** A repeatable option: every value given, in order. */
    static Value<List<String>> list(CommandSpec spec, OptionSpec.Builder option) {
        return add(spec, option, new Value<>(List.class, new Class<?>[] {String.class}, new ArrayList<>()));
    }

    /** Positional words; required when its arity asks for at least one, as picocli's @Parameters makes them. */
    static <T> Value<T> positional(CommandSpec spec, Value<T> value, PositionalParamSpec.Builder parameter) {
        PositionalParamSpec built = parameter.type(value.type).auxiliaryTypes(value.elementTypes)
                .initialValue(value.initial).hasInitialValue(true).build();
        if (built.arity().min() > 0) {
            built = built.toBuilder().required(true).build();
        }
        spec.addPositional(built);
        value.arg = built;
        return value;
    }

    /** Positional words, as {@link #list}. */
    static Value<List<String>> words() {
        return new Value<>(List.class, new Class<?>[] {String.class}, new ArrayList<>());
    }

    /** One positional word, null until given. */
    static Value<String> word() {
        return new Value<>(String.class, new Class<?>[0], null);
    }

    private static <T> Value<T> add(CommandSpec spec, OptionSpec.Builder option, Value<T> value) {
        OptionSpec built = option.type(value.type).auxiliaryTypes(value.elementTypes).initialValue(value.initial)
                .hasInitialValue(true).build();
        spec.addOption(built);
        value.arg = built;
        return value;
    }

    /** The value as parsed. */
    T value() {
        return arg.getValue();
    }
}

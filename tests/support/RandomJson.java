package support;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/** Random JSON values as Java maps, lists and scalars, on which prdiff's JSON is compared with Jackson's. */
public final class RandomJson {
    private RandomJson() {}

    /** An object of random members: names and strings from every kind of character, numbers, nesting. */
    public static Map<String, Object> object(Random random) {
        return object(random, 0);
    }

    private static Map<String, Object> object(Random random, int depth) {
        Map<String, Object> members = new LinkedHashMap<>();
        int n = random.nextInt(depth == 0 ? 6 : 4);
        for (int i = 0; i < n; i++) {
            members.put(string(random) + i, value(random, depth + 1));
        }
        return members;
    }

    private static Object value(Random random, int depth) {
        int kind = random.nextInt(depth > 3 ? 6 : 8);
        return switch (kind) {
            case 0 -> null;
            case 1 -> string(random);
            case 2 -> random.nextInt();
            case 3 -> random.nextLong();
            case 4 -> random.nextBoolean();
            case 5 -> "";
            case 6 -> object(random, depth);
            default -> {
                List<Object> list = new ArrayList<>();
                for (int i = random.nextInt(4); i > 0; i--) {
                    list.add(value(random, depth + 1));
                }
                yield list;
            }
        };
    }

    private static String string(Random random) {
        String pool = "ab \"\\/\n\r\t\b\f\u0000\u0001\u001f\u007f\u00e9\u2028\uD83D\uDE00";
        StringBuilder s = new StringBuilder();
        for (int i = random.nextInt(8); i > 0; i--) {
            s.append(pool.charAt(random.nextInt(pool.length())));
        }
        return s.toString();
    }
}

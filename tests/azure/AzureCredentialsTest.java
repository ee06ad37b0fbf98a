package azure;

import dev.prdiff.azure.AzureCredentials;
import dev.prdiff.azure.AzureToken;
import dev.prdiff.core.ErrorCode;
import dev.prdiff.core.PrdiffException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import support.TempDirs;
import support.TempRepo;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Where an Azure DevOps token comes from, with a fake {@code az} first on an otherwise tool-less PATH: the
 * environment's PAT, then the pipeline's token, then azure-cli; a token never shows in a message or toString.
 */
class AzureCredentialsTest {
    static final String SECRET = "pat-secret-that-must-never-show-4f1c";
    Path bin;

    @BeforeEach
    void makeBin() {
        bin = TempDirs.create("prdiff-az-");
    }

    @AfterEach
    void removeBin() {
        TempRepo.deleteTree(bin);
    }

    Map<String, String> env(String... pairs) {
        Map<String, String> env = new HashMap<>();
        env.put("PATH", bin + ":/usr/bin:/bin");
        for (int i = 0; i < pairs.length; i += 2) {
            env.put(pairs[i], pairs[i + 1]);
        }
        return env;
    }

    void fakeAz(String script) throws IOException {
        Path az = bin.resolve("az");
        Files.writeString(az, "#!/bin/sh\n" + script);
        Files.setPosixFilePermissions(az, PosixFilePermissions.fromString("rwx------"));
    }

    Optional<AzureToken> token(Map<String, String> env) {
        return new AzureCredentials(env, Duration.ofSeconds(10)).token();
    }

    @Test
    void theEnvironmentsPatComesFirst() throws IOException {
        fakeAz("echo az-was-run >&2; exit 3\n");
        AzureToken t = token(env("AZURE_DEVOPS_EXT_PAT", SECRET, "SYSTEM_ACCESSTOKEN", "other")).orElseThrow();
        assertEquals(AzureToken.Source.AZURE_DEVOPS_EXT_PAT, t.source());
        assertFalse(t.toString().contains(SECRET));
        assertEquals(AzureToken.Source.SYSTEM_ACCESSTOKEN,
                token(env("SYSTEM_ACCESSTOKEN", SECRET)).orElseThrow().source());
    }

    @Test
    void azIsAskedForAnAzureDevOpsTokenWithExactlyTheseArguments() throws IOException {
        Path args = bin.resolve("args");
        fakeAz("printf '%s\\n' \"$@\" > '" + args + "'\nprintf '%s\\n' '" + SECRET + "'\n");
        AzureToken t = token(env()).orElseThrow();
        assertEquals(AzureToken.Source.AZ_CLI, t.source());
        assertTrue(t.appearsIn(SECRET));
        assertEquals("account\nget-access-token\n--resource\n499b84ac-1321-427f-aa17-267ca6975798\n--query\naccessToken\n-o\ntsv\n",
                Files.readString(args));
    }

    @Test
    void noAzAndNoVariableIsNoTokenNotAnError() {
        assertTrue(token(Map.of("PATH", bin.toString())).isEmpty());
    }

    @Test
    void azNotLoggedInIsAuthErrorWithTheHint() throws IOException {
        fakeAz("echo \"ERROR: Please run 'az login' to setup account.\" >&2; exit 1\n");
        PrdiffException e = assertThrows(PrdiffException.class, () -> token(env()));
        assertEquals(ErrorCode.AUTH_ERROR, e.code());
        assertTrue(e.getMessage().contains("az login, or set AZURE_DEVOPS_EXT_PAT"), e.getMessage());
    }

    @Test
    void aTokenThatIsNotOneIsRefusedWithoutShowingIt() throws IOException {
        String bad = SECRET + " with a space";
        PrdiffException e = assertThrows(PrdiffException.class, () -> token(env("AZURE_DEVOPS_EXT_PAT", bad)));
        assertEquals(ErrorCode.AUTH_ERROR, e.code());
        assertFalse(e.getMessage().contains(SECRET), e.getMessage());
        fakeAz("printf '%s\\n%s\\n' '" + SECRET + "' 'second line'\n");
        PrdiffException fromAz = assertThrows(PrdiffException.class, () -> token(env()));
        assertFalse(fromAz.getMessage().contains(SECRET), fromAz.getMessage());
    }

    @Test
    void aHangingAzIsATimeout() throws IOException {
        fakeAz("exec sleep 30\n");
        PrdiffException e = assertThrows(PrdiffException.class,
                () -> new AzureCredentials(env(), Duration.ofSeconds(1)).token());
        assertEquals(ErrorCode.TIMEOUT, e.code());
    }
}

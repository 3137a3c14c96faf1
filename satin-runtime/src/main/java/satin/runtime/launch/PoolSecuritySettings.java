package satin.runtime.launch;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

import satin.ipl.IplException;
import satin.ipl.IplProperties;
import satin.ipl.security.EncryptionPolicy;
import satin.ipl.security.PoolSecret;
import satin.ipl.security.PoolSecurity;

/**
 * How a node protects its pool, as {@code satin run --pool-secret-file/--insecure/--encrypt} and the settings
 * {@code satin.pool-secret-file}, {@code satin.insecure}, {@code satin.encrypt} give it: a secret file, or an
 * explicit choice of no authentication at all. There is no default secret: a pool without one is refused, so
 * nobody runs an open pool by accident.
 *
 * @param secretFile the pool secret's file, or null when {@code insecure}
 * @param insecure   no authentication and no encryption (anyone who reaches a port may join)
 * @param encrypt    which links are encrypted; authentication does not depend on it
 */
public record PoolSecuritySettings(Path secretFile, boolean insecure, EncryptionPolicy encrypt) {
    /** The environment variable naming the secret file, for every command and for plain {@code java}. */
    public static final String SECRET_FILE_VARIABLE = "SATIN_POOL_SECRET_FILE";

    public PoolSecuritySettings {
        if (secretFile == null && !insecure) {
            throw new BadSettingException("a pool needs its secret: give the file with --pool-secret-file FILE (or "
                    + LaunchSettings.SECRET_FILE + ", or the environment variable " + SECRET_FILE_VARIABLE
                    + "); make one with 'satin secret FILE' and copy it to every host; or run without"
                    + " authentication with --insecure (" + LaunchSettings.INSECURE + "=on), where anyone who"
                    + " reaches the ports may join");
        }
        if (secretFile != null && insecure) {
            throw new BadSettingException("a pool secret file (" + secretFile + ") and --insecure contradict each"
                    + " other: give one of them");
        }
    }

    /** The IPL settings of a node of such a pool. */
    public Map<String, String> iplSettings() {
        Map<String, String> m = new LinkedHashMap<>();
        if (insecure) {
            m.put(IplProperties.INSECURE, "true");
        } else {
            m.put(IplProperties.SECRET_FILE, secretFile.toString());
        }
        m.put(IplProperties.ENCRYPT, encrypt.label());
        return m;
    }

    /** The security of a registry server for such a pool. */
    public PoolSecurity registrySecurity() throws IplException {
        return insecure ? PoolSecurity.insecure() : PoolSecurity.of(PoolSecret.read(secretFile), encrypt);
    }
}

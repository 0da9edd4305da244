// The Java client's Admin API for delegation tokens (KIP-48) against a Strom broker.
// Security settings come from a properties file, as Kafka's tools take them.
//
// usage: StromDelegationTokens BOOTSTRAP CLIENT_PROPERTIES create RENEWER
//          creates a token with RENEWER, describes it, renews it; prints
//          "token <id> <hmac base64>", "described <owner> <renewers>", "renewed <expiry-issue ms>"
//        StromDelegationTokens BOOTSTRAP CLIENT_PROPERTIES expire HMAC_BASE64
//          expires the token now; prints "expired"
// Exits 1 on any error (the exception on stderr).
import java.io.FileInputStream;
import java.util.Base64;
import java.util.List;
import java.util.Properties;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.CreateDelegationTokenOptions;
import org.apache.kafka.clients.admin.DescribeDelegationTokenOptions;
import org.apache.kafka.clients.admin.ExpireDelegationTokenOptions;
import org.apache.kafka.clients.admin.RenewDelegationTokenOptions;
import org.apache.kafka.common.security.auth.KafkaPrincipal;
import org.apache.kafka.common.security.token.delegation.DelegationToken;
import org.apache.kafka.common.security.token.delegation.TokenInformation;

public class StromDelegationTokens {
    public static void main(String[] args) throws Exception {
        Properties p = new Properties();
        try (FileInputStream in = new FileInputStream(args[1])) {
            p.load(in);
        }
        p.put("bootstrap.servers", args[0]);
        try (Admin admin = Admin.create(p)) {
            if (args[2].equals("create")) {
                KafkaPrincipal renewer = new KafkaPrincipal("User", args[3]);
                DelegationToken token = admin.createDelegationToken(
                        new CreateDelegationTokenOptions().renewers(List.of(renewer)))
                    .delegationToken().get();
                TokenInformation info = token.tokenInfo();
                System.out.println("token " + info.tokenId() + " " + token.hmacAsBase64String());
                List<DelegationToken> found = admin.describeDelegationToken(
                        new DescribeDelegationTokenOptions().owners(List.of(info.owner())))
                    .delegationTokens().get();
                for (DelegationToken t : found) {
                    if (t.tokenInfo().tokenId().equals(info.tokenId())) {
                        System.out.println("described " + t.tokenInfo().owner() + " "
                            + t.tokenInfo().renewers());
                    }
                }
                long expiry = admin.renewDelegationToken(token.hmac(),
                        new RenewDelegationTokenOptions().renewTimePeriodMs(3_600_000L))
                    .expiryTimestamp().get();
                System.out.println("renewed " + (expiry - info.issueTimestamp()));
            } else if (args[2].equals("expire")) {
                byte[] hmac = Base64.getDecoder().decode(args[3]);
                admin.expireDelegationToken(hmac,
                        new ExpireDelegationTokenOptions().expiryTimePeriodMs(-1L))
                    .expiryTimestamp().get();
                System.out.println("expired");
            } else {
                throw new IllegalArgumentException("unknown command " + args[2]);
            }
        } catch (Exception e) {
            e.printStackTrace();
            System.exit(1);
        }
    }
}

// The Java client (kafka-clients) doing every step of the security matrix in one JVM start:
// Admin creates TOPIC (3 partitions) and describes it and the cluster; a producer (acks=all,
// idempotent) writes COUNT records; a transactional producer commits COUNT more; a consumer in
// a group (read_committed) reads all 2*COUNT and commits its offsets; Admin lists the group's
// committed offsets. Security settings come from a properties file. Prints one line per step;
// Several combinations (listener, mechanism) run one after another in the one JVM: each line
// starts with its TOPIC; a combination that fails prints "TOPIC error ..." (the stack trace on
// stderr) and the others still run; exits 1 if any failed.
//
// The topics' replication factor is the system property strom.replication.factor (default 1).
//
// usage: StromJavaMatrix COUNT BOOTSTRAP CLIENT_PROPERTIES TOPIC [BOOTSTRAP CLIENT_PROPERTIES TOPIC]...
import java.io.FileInputStream;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

public class StromJavaMatrix {
    static Properties base(Properties security, String bootstrap) {
        Properties p = new Properties();
        p.putAll(security);
        p.put("bootstrap.servers", bootstrap);
        return p;
    }

    public static void main(String[] args) throws Exception {
        int count = Integer.parseInt(args[0]);
        boolean failed = false;
        for (int i = 1; i + 2 < args.length; i += 3) {
            try {
                run(args[i], args[i + 1], args[i + 2], count);
            } catch (Exception e) {
                failed = true;
                System.out.println(args[i + 2] + " error " + e);
                System.err.println("== " + args[i + 2]);
                e.printStackTrace();
            }
            System.out.flush();
        }
        System.exit(failed ? 1 : 0);
    }

    static void run(String bootstrap, String properties, String topic, int count) throws Exception {
        Properties security = new Properties();
        try (FileInputStream in = new FileInputStream(properties)) {
            security.load(in);
        }
        String group = "java-" + topic;

        try (Admin admin = Admin.create(base(security, bootstrap))) {
            short replication = Short.parseShort(System.getProperty("strom.replication.factor", "1"));
            admin.createTopics(List.of(new NewTopic(topic, 3, replication))).all().get();
            TopicDescription d = admin.describeTopics(List.of(topic)).allTopicNames().get().get(topic);
            int nodes = admin.describeCluster().nodes().get().size();
            System.out.println(topic + " admin " + d.partitions().size() + " " + nodes);
        }

        Properties p = base(security, bootstrap);
        p.put("acks", "all");
        p.put("enable.idempotence", "true");
        p.put("key.serializer", StringSerializer.class.getName());
        p.put("value.serializer", StringSerializer.class.getName());
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(p)) {
            for (int i = 0; i < count; i++) {
                producer.send(new ProducerRecord<>(topic, "k" + i, "plain-" + i)).get();
            }
        }
        System.out.println(topic + " produced " + count);

        Properties t = base(security, bootstrap);
        t.put("transactional.id", "txn-" + topic);
        t.put("key.serializer", StringSerializer.class.getName());
        t.put("value.serializer", StringSerializer.class.getName());
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(t)) {
            producer.initTransactions();
            producer.beginTransaction();
            for (int i = 0; i < count; i++) {
                producer.send(new ProducerRecord<>(topic, "t" + i, "txn-" + i));
            }
            producer.commitTransaction();
        }
        System.out.println(topic + " committed " + count);

        Properties c = base(security, bootstrap);
        c.put("group.id", group);
        c.put("auto.offset.reset", "earliest");
        c.put("isolation.level", "read_committed");
        c.put("enable.auto.commit", "false");
        c.put("key.deserializer", StringDeserializer.class.getName());
        c.put("value.deserializer", StringDeserializer.class.getName());
        Set<String> got = new HashSet<>();
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(c)) {
            consumer.subscribe(List.of(topic));
            long deadline = System.currentTimeMillis() + 60_000;
            while (got.size() < 2 * count && System.currentTimeMillis() < deadline) {
                for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofMillis(500))) {
                    got.add(r.value());
                }
            }
            consumer.commitSync();
        }
        for (int i = 0; i < count; i++) {
            if (!got.contains("plain-" + i) || !got.contains("txn-" + i)) {
                throw new IllegalStateException("missing record " + i + ": " + got);
            }
        }
        System.out.println(topic + " consumed " + got.size());

        try (Admin admin = Admin.create(base(security, bootstrap))) {
            Map<TopicPartition, OffsetAndMetadata> offsets =
                admin.listConsumerGroupOffsets(group).partitionsToOffsetAndMetadata().get();
            long sum = 0;
            for (OffsetAndMetadata o : offsets.values()) {
                sum += o.offset();
            }
            // 2*COUNT records and one transaction marker per partition the transaction wrote to
            System.out.println(topic + " group-offsets " + offsets.size() + " " + sum);
        }
    }
}

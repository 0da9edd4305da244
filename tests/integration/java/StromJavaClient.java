// The Java client (kafka-clients) against a Strom broker: produce COUNT records with acks=all,
// then consume them in a group. Security settings come from a properties file, as Kafka's tools
// take them. Prints "produced N" and "consumed N"; exits 1 on any error.
//
// usage: StromJavaClient BOOTSTRAP CLIENT_PROPERTIES TOPIC COUNT
import java.io.FileInputStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

public class StromJavaClient {
    public static void main(String[] args) throws Exception {
        String bootstrap = args[0];
        Properties security = new Properties();
        try (FileInputStream in = new FileInputStream(args[1])) {
            security.load(in);
        }
        String topic = args[2];
        int count = Integer.parseInt(args[3]);

        Properties p = new Properties();
        p.putAll(security);
        p.put("bootstrap.servers", bootstrap);
        p.put("acks", "all");
        p.put("enable.idempotence", "true");
        p.put("key.serializer", StringSerializer.class.getName());
        p.put("value.serializer", StringSerializer.class.getName());
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(p)) {
            for (int i = 0; i < count; i++) {
                producer.send(new ProducerRecord<>(topic, "k" + i, "java-" + i)).get();
            }
        }
        System.out.println("produced " + count);

        Properties c = new Properties();
        c.putAll(security);
        c.put("bootstrap.servers", bootstrap);
        c.put("group.id", "java-" + topic);
        c.put("auto.offset.reset", "earliest");
        c.put("key.deserializer", StringDeserializer.class.getName());
        c.put("value.deserializer", StringDeserializer.class.getName());
        List<String> got = new ArrayList<>();
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(c)) {
            consumer.subscribe(List.of(topic));
            long deadline = System.currentTimeMillis() + 60_000;
            while (got.size() < count && System.currentTimeMillis() < deadline) {
                for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofMillis(500))) {
                    got.add(r.value());
                }
            }
            consumer.commitSync();
        }
        for (int i = 0; i < count; i++) {
            if (i >= got.size() || !got.get(i).equals("java-" + i)) {
                System.out.println("mismatch at " + i + ": " + got);
                System.exit(1);
            }
        }
        System.out.println("consumed " + got.size());
    }
}

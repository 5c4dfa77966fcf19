package dev.condlint.build.crdindex;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The awesome-operators population: {@link AwesomeOperators} takes every GitHub repository link of the
 * list in order, once each; every repository of {@code crd-index/awesome-population.tsv} has one outcome
 * in {@code awesome-outcomes.tsv}, in that order; and the sources of {@code sources.json} marked
 * {@code "population": "awesome-operators"} are exactly those whose outcome is a source, in that order, in
 * one block after every other source.
 */
class AwesomeOperatorsTest {
  private static final Pattern SOURCE = Pattern.compile("source (awesome-[a-z0-9-]+) \\((\\d+)\\)");

  @Test
  void everyGithubRepositoryLinkInListOrderEachOnce() {
    String readme = """
        If you want to start building an Operator, look into the [Operator SDK](https://github.com/operator-framework/operator-sdk).

        | App Name | Github | Description |
        |----------|-------------|-------------|
        | Airflow | [GoogleCloudPlatform/airflow-operator](https://github.com/GoogleCloudPlatform/airflow-operator) | Apache Airflow. |
        | AWS SageMaker | [aws/amazon-sagemaker-operator-for-k8s](https://github.com/aws/amazon-sagemaker-operator-for-k8s/) | jobs |
        | Cassandra #6 | [kudobuilder/operators/cassandra](https://github.com/kudobuilder/operators/tree/master/repository/cassandra/3.11) | [KUDO](https://kudo.dev) |
        | Airflow again | [x](https://www.github.com/googlecloudplatform/airflow-operator.git) and [y](http://github.com/a-b/c.d.git) |
        See https://operatorhub.io and https://github.com/orgs only.
        """;

    assertEquals("""
        # operator-framework/awesome-operators@abc README.md: every https://github.com/OWNER/NAME link, in list order, each repository once
        position\trepository\tline
        1\toperator-framework/operator-sdk\t1
        2\tGoogleCloudPlatform/airflow-operator\t5
        3\taws/amazon-sagemaker-operator-for-k8s\t6
        4\tkudobuilder/operators\t7
        5\ta-b/c.d\t8
        """, AwesomeOperators.table(readme, "abc"));
  }


  @Test
  void everyRepositoryOfThePopulationHasOneOutcomeInItsOrder() throws IOException {
    List<String> population = PopulationFiles.rows("awesome-population.tsv").stream().map(r -> r[1]).toList();
    List<String> outcomes = PopulationFiles.rows("awesome-outcomes.tsv").stream().map(r -> r[0]).toList();

    assertEquals(167, population.size());
    assertEquals(population, outcomes);
    assertTrue(PopulationFiles.rows("awesome-outcomes.tsv").stream().allMatch(r -> r.length == 3 && !r[2].isBlank()),
        "each outcome row: repository, commit, outcome");
  }

  @Test
  void theSourcesAreTheRepositoriesWhoseOutcomeIsASourceInOneBlockAfterCncfOrg() throws IOException {
    List<String> fromOutcomes = new ArrayList<>();
    for (String[] row : PopulationFiles.rows("awesome-outcomes.tsv")) {
      Matcher m = SOURCE.matcher(row[2]);
      if (m.matches()) {
        assertTrue(Integer.parseInt(m.group(2)) > 0, "a source that adds no kind version: " + row[0]);
        fromOutcomes.add(m.group(1) + " " + row[0] + "@" + row[1]);
      }
    }
    List<JsonNode> sources = PopulationFiles.sources();
    List<String> fromSources = sources.stream()
        .filter(s -> s.path("population").asText().equals(AwesomeOperators.POPULATION))
        .map(s -> s.path("id").asText() + " " + s.path("repository").asText() + "@" + s.path("commit").asText())
        .toList();

    assertEquals(fromOutcomes, fromSources);
    List<String> populations = sources.stream().map(s -> s.path("population").asText()).toList();
    int first = populations.indexOf(AwesomeOperators.POPULATION);
    assertEquals(List.of(AwesomeOperators.POPULATION),
        populations.subList(first, first + fromSources.size()).stream().distinct().toList(),
        "the population's sources are one block");
    assertEquals("cncf-org", populations.get(first - 1), "the block comes right after the cncf-org population's");
  }
}

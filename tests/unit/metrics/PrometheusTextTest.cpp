// The strict reader of the text format the /metrics tests rely on: it must refuse what a
// scraper would misread, or those tests could pass on a broken exposition.
#include <gtest/gtest.h>

#include "support/PrometheusText.hpp"

using lodestone::test::MetricsScrape;

namespace {

const std::string kHead = "# HELP x_total X.\n# TYPE x_total counter\n";
const std::string kHistogramHead = "# HELP h_seconds H.\n# TYPE h_seconds histogram\n";

void expectRefused(const std::string& text) {
    EXPECT_THROW(MetricsScrape::parse(text), std::runtime_error) << text;
}

}  // namespace

TEST(PrometheusText, ReadsAWellFormedScrape) {
    const auto scrape = MetricsScrape::parse(
        kHead + "x_total{a=\"1\",b=\"q\\\"\\\\\\n\"} 3\nx_total 4 1700000000000\n" +
        kHistogramHead +
        "h_seconds_bucket{le=\"0.5\"} 1\nh_seconds_bucket{le=\"+Inf\"} 2\n"
        "h_seconds_sum 1.25\nh_seconds_count 2\n"
        "# HELP g Gauge.\n# TYPE g gauge\ng -1.5e3\n");
    EXPECT_EQ(scrape.count("x_total", {{"a", "1"}, {"b", "q\"\\\n"}}), 3);
    EXPECT_EQ(scrape.count("x_total"), 4);
    EXPECT_EQ(scrape.count("g"), -1500);
    EXPECT_EQ(scrape.family("h_seconds")->samples.size(), 4u);
}

TEST(PrometheusText, RefusesBadSyntax) {
    expectRefused(kHead + "x_total 1");                           // no final line feed
    expectRefused(kHead + "x_total{a=\"1\"} one\n");              // not a number
    expectRefused(kHead + "x_total{a=1} 1\n");                    // unquoted value
    expectRefused(kHead + "x_total{a=\"\\t\"} 1\n");              // unknown escape
    expectRefused(kHead + "x_total{a=\"1\",} 1\n");               // trailing comma
    expectRefused(kHead + "x_total{a=\"1\",a=\"2\"} 1\n");        // a label twice
    expectRefused(kHead + "x_total{1a=\"1\"} 1\n");               // bad label name
    expectRefused(kHead + "x_total{a=\"1\"}1\n");                 // no space before the value
    expectRefused(kHead + "x_total -1\n");                        // a counter below zero
    expectRefused("# HELP x-y X.\n# TYPE x-y counter\nx-y 1\n");  // bad metric name
}

TEST(PrometheusText, RefusesBadStructure) {
    expectRefused("# TYPE x_total counter\nx_total 1\n");             // no HELP
    expectRefused("# HELP x_total X.\nx_total 1\n");                  // no TYPE
    expectRefused("x_total 1\n");                                     // no family at all
    expectRefused(kHead + "x_total 1\nx_total 2\n");                  // a series twice
    expectRefused(kHead + "y_total 1\n");                             // not this family's sample
    expectRefused(kHead + "# TYPE x_total gauge\nx_total 1\n");       // a second TYPE
    expectRefused(kHead + "# TYPE x_total summarised\nx_total 1\n");  // unknown type
    expectRefused(kHead + "x_total 1\n" + kHistogramHead + "h_seconds_bucket{le=\"+Inf\"} 0\n" +
                  "h_seconds_sum 0\nh_seconds_count 0\n" + kHead + "x_total{a=\"b\"} 1\n");
}

TEST(PrometheusText, RefusesBrokenHistograms) {
    const std::string sumCount = "h_seconds_sum 1\nh_seconds_count 2\n";
    // +Inf missing, differing from _count, le descending, counts decreasing, no _sum.
    expectRefused(kHistogramHead + "h_seconds_bucket{le=\"1\"} 2\n" + sumCount);
    expectRefused(kHistogramHead + "h_seconds_bucket{le=\"+Inf\"} 3\n" + sumCount);
    expectRefused(kHistogramHead + "h_seconds_bucket{le=\"2\"} 1\nh_seconds_bucket{le=\"1\"} 1\n" +
                  "h_seconds_bucket{le=\"+Inf\"} 2\n" + sumCount);
    expectRefused(kHistogramHead + "h_seconds_bucket{le=\"1\"} 2\nh_seconds_bucket{le=\"2\"} 1\n" +
                  "h_seconds_bucket{le=\"+Inf\"} 2\n" + sumCount);
    expectRefused(kHistogramHead + "h_seconds_bucket{le=\"+Inf\"} 2\nh_seconds_count 2\n");
    expectRefused(kHistogramHead + "h_seconds_bucket 2\n" + sumCount);  // no le
    expectRefused(kHistogramHead + "h_seconds 2\n");                    // the bare name
}

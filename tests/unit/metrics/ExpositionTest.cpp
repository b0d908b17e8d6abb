// The registry's counters and histograms as the text format shows them, read back by the
// strict reader the integration tests use on GET /metrics.
#include <gtest/gtest.h>

#include <thread>

#include "metrics/Exposition.hpp"
#include "metrics/Registry.hpp"
#include "support/PrometheusText.hpp"

using namespace lodestone::metrics;
using lodestone::test::MetricsScrape;

namespace {

std::string scrape(const Registry& registry) {
    Exposition out;
    registry.writeTo(out);
    return out.text();
}

}  // namespace

TEST(Exposition, CountersShowEachSeriesWithItsLabels) {
    Registry registry;
    auto& requests = registry.counter("test_requests_total", "Requests.", {"route", "status"});
    requests.with({"/a", "200"}).add();
    requests.with({"/a", "200"}).add(2);
    requests.with({"/b/{token}", "404"}).add();

    const auto text = scrape(registry);
    EXPECT_EQ(text,
              "# HELP test_requests_total Requests.\n"
              "# TYPE test_requests_total counter\n"
              "test_requests_total{route=\"/a\",status=\"200\"} 3\n"
              "test_requests_total{route=\"/b/{token}\",status=\"404\"} 1\n");
    const auto parsed = MetricsScrape::parse(text);
    EXPECT_EQ(parsed.count("test_requests_total", {{"route", "/a"}, {"status", "200"}}), 3);
}

TEST(Exposition, AFamilyNothingCountedYetIsLeftOut) {
    Registry registry;
    registry.counter("test_unused_total", "Never counted.", {"kind"});
    EXPECT_EQ(scrape(registry), "");
}

TEST(Exposition, LabelValuesAndHelpAreEscaped) {
    Registry registry;
    registry.counter("test_odd_total", "A \\ and a\nline feed.", {"value"})
        .with({"quote \" backslash \\ line\nfeed"})
        .add();
    const auto text = scrape(registry);
    EXPECT_NE(text.find("# HELP test_odd_total A \\\\ and a\\nline feed.\n"), std::string::npos);
    EXPECT_NE(text.find("{value=\"quote \\\" backslash \\\\ line\\nfeed\"} 1\n"),
              std::string::npos);
    const auto parsed = MetricsScrape::parse(text);
    EXPECT_EQ(parsed.count("test_odd_total", {{"value", "quote \" backslash \\ line\nfeed"}}), 1);
}

TEST(Exposition, HistogramBucketsAreCumulativeWithSumAndCount) {
    Registry registry;
    auto& durations = registry.histogram("test_seconds", "Durations.", {"step"}, {0.1, 1, 10});
    auto& one = durations.with({"research"});
    one.observe(0.05);
    one.observe(0.1);  // on a bound: that bucket (le means less than or equal)
    one.observe(0.5);
    one.observe(50);

    const auto text = scrape(registry);
    EXPECT_EQ(text,
              "# HELP test_seconds Durations.\n"
              "# TYPE test_seconds histogram\n"
              "test_seconds_bucket{step=\"research\",le=\"0.1\"} 2\n"
              "test_seconds_bucket{step=\"research\",le=\"1\"} 3\n"
              "test_seconds_bucket{step=\"research\",le=\"10\"} 3\n"
              "test_seconds_bucket{step=\"research\",le=\"+Inf\"} 4\n"
              "test_seconds_sum{step=\"research\"} 50.65\n"
              "test_seconds_count{step=\"research\"} 4\n");
    EXPECT_NO_THROW(MetricsScrape::parse(text));
}

TEST(Exposition, AnUnlabelledHistogramHasOnlyLe) {
    Registry registry;
    registry.histogram("test_latency_seconds", "Latency.", {}, {1}).with({}).observe(2);
    const auto parsed = MetricsScrape::parse(scrape(registry));
    EXPECT_EQ(parsed.count("test_latency_seconds_bucket", {{"le", "1"}}), 0);
    EXPECT_EQ(parsed.count("test_latency_seconds_bucket", {{"le", "+Inf"}}), 1);
    EXPECT_EQ(parsed.count("test_latency_seconds_count"), 1);
}

TEST(Exposition, NumbersUseTheFormatsSpelling) {
    EXPECT_EQ(Exposition::number(0.0005), "0.0005");
    EXPECT_EQ(Exposition::number(2.5), "2.5");
    EXPECT_EQ(Exposition::number(600), "600");
    EXPECT_EQ(Exposition::number(1.0 / 0.0), "+Inf");
    EXPECT_EQ(Exposition::number(-1.0 / 0.0), "-Inf");
}

TEST(Registry, RefusesNamesTheFormatCannotCarry) {
    Registry registry;
    EXPECT_THROW(registry.counter("9lives_total", "h", {}), std::invalid_argument);
    EXPECT_THROW(registry.counter("a-b_total", "h", {}), std::invalid_argument);
    EXPECT_THROW(registry.counter("ok_total", "h", {"__reserved"}), std::invalid_argument);
    EXPECT_THROW(registry.counter("ok_total", "h", {"a", "a"}), std::invalid_argument);
    EXPECT_THROW(registry.histogram("ok_seconds", "h", {"le"}, {1}), std::invalid_argument);
    EXPECT_THROW(registry.histogram("ok_seconds", "h", {}, {2, 1}), std::invalid_argument);
    registry.counter("ok_total", "h", {});
    EXPECT_THROW(registry.counter("ok_total", "h", {}), std::invalid_argument);
}

TEST(Registry, AWrongNumberOfLabelValuesIsRefused) {
    Registry registry;
    auto& family = registry.counter("test_total", "h", {"a", "b"});
    EXPECT_THROW(family.with({"x"}), std::invalid_argument);
}

TEST(Registry, CountsFromManyThreadsAddUp) {
    Registry registry;
    auto& counter = registry.counter("test_total", "h", {"t"});
    auto& histogram = registry.histogram("test_seconds", "h", {}, {1});
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t) {
        threads.emplace_back([&] {
            for (int i = 0; i < 10'000; ++i) {
                counter.with({std::to_string(i % 3)}).add();
                histogram.with({}).observe(0.5);
            }
        });
    }
    for (auto& thread : threads) thread.join();
    const auto parsed = MetricsScrape::parse(scrape(registry));
    EXPECT_EQ(parsed.count("test_total", {{"t", "0"}}) + parsed.count("test_total", {{"t", "1"}}) +
                  parsed.count("test_total", {{"t", "2"}}),
              40'000);
    EXPECT_EQ(parsed.count("test_seconds_count"), 40'000);
    EXPECT_EQ(parsed.count("test_seconds_sum"), 20'000);
}

#pragma once

#include <Poco/JSON/Parser.h>
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "Ctl.hpp"
#include "admin/StoreSettings.hpp"
#include "config/ConfigLoader.hpp"
#include "storage/Store.hpp"
#include "support/TempDir.hpp"

namespace lodestone::test {

struct CtlOutcome {
    int code = -1;
    std::string out;
    std::string err;
    Poco::JSON::Object::Ptr json() const {
        return Poco::JSON::Parser().parse(out).extract<Poco::JSON::Object::Ptr>();
    }
};

// Runs lodestonectl in-process against a fresh SQLite file.
class CtlFixture : public ::testing::Test {
  protected:
    void SetUp() override {
        configFile_ = dir_ / "lodestone.yaml";
        std::ofstream(configFile_) << "storage:\n  path: var/lodestone.db\n";
    }

    CtlOutcome run(std::vector<std::string> args, bool json = true) {
        args.insert(args.begin(), {"--config", configFile_.string()});
        if (json) args.push_back("--json");
        std::ostringstream out, err;
        CtlOutcome outcome;
        outcome.code = ctl::run(args, out, err);
        outcome.out = out.str();
        outcome.err = err.str();
        return outcome;
    }

    // Runs a command that must succeed and returns its JSON.
    Poco::JSON::Object::Ptr ok(std::vector<std::string> args) {
        auto outcome = run(std::move(args));
        EXPECT_EQ(outcome.code, 0) << outcome.err;
        return outcome.json();
    }

    std::string writeFile(const std::string& name, const std::string& text) {
        auto path = dir_ / name;
        std::ofstream(path) << text;
        return path.string();
    }

    // The database the commands work on, for what no command does (or to check their effect).
    std::unique_ptr<storage::Store> openStore() {
        auto config = config::loadConfig(configFile_, {});
        auto store = storage::openStore(admin::storeOptionsFrom(config.storage));
        store->migrate(domain::SystemClock());
        return store;
    }

    std::string newOrg(const std::string& name = "Acme") {
        return ok({"org", "create", name, "--credits", "100"})->getValue<std::string>("id");
    }

    TempDir dir_;
    std::filesystem::path configFile_;
};

}  // namespace lodestone::test

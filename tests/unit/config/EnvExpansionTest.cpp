#include <gtest/gtest.h>

#include <map>

#include "config/EnvExpansion.hpp"

using namespace lodestone::config;

namespace {
EnvLookup fakeEnv(std::map<std::string, std::string> values) {
    return [values](const std::string& name) -> std::optional<std::string> {
        auto it = values.find(name);
        if (it == values.end()) return std::nullopt;
        return it->second;
    };
}
}  // namespace

TEST(EnvExpansion, ReplacesVariables) {
    auto env = fakeEnv({{"HOST", "db.internal"}, {"PORT", "5432"}});
    EXPECT_EQ(expandEnvironment("${HOST}:${PORT}", env), "db.internal:5432");
    EXPECT_EQ(expandEnvironment("no variables", env), "no variables");
    EXPECT_EQ(expandEnvironment("$HOST stays", env), "$HOST stays");
}

TEST(EnvExpansion, DoubleDollarIsALiteral) {
    EXPECT_EQ(expandEnvironment("$${HOST}", fakeEnv({})), "${HOST}");
}

TEST(EnvExpansion, UnsetVariableIsAnErrorNamingIt) {
    try {
        expandEnvironment("key=${API_SECRET}", fakeEnv({}));
        FAIL() << "expected an error";
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("API_SECRET"), std::string::npos);
    }
}

TEST(EnvExpansion, MalformedReferencesAreErrors) {
    EXPECT_THROW(expandEnvironment("${UNCLOSED", fakeEnv({})), std::invalid_argument);
    EXPECT_THROW(expandEnvironment("${1BAD}", fakeEnv({})), std::invalid_argument);
    EXPECT_THROW(expandEnvironment("${}", fakeEnv({})), std::invalid_argument);
}

// Migration files: the version and description they carry, and statements cut only where one
// ends, whatever a statement holds (strings, comments, trigger bodies, PostgreSQL functions).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <stdexcept>

#include "storage/Migration.hpp"

namespace lodestone::storage {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

TEST(MigrationFiles, AFileGivesItsNumberDescriptionAndStatements) {
    const auto migration = readMigration("sqlite/0016-meeting-notes.sql",
                                         "-- meetings: notes the operator keeps,\n"
                                         "-- and when they changed\n"
                                         "\n"
                                         "-- Why the column may be empty.\n"
                                         "ALTER TABLE meetings ADD COLUMN notes TEXT;\n"
                                         "\n"
                                         "CREATE INDEX meetings_by_notes ON meetings (notes);\n");
    EXPECT_EQ(migration.version, 16);
    EXPECT_EQ(migration.description, "meetings: notes the operator keeps, and when they changed");
    EXPECT_THAT(migration.statements, ElementsAre("ALTER TABLE meetings ADD COLUMN notes TEXT",
                                                  "CREATE INDEX meetings_by_notes ON meetings "
                                                  "(notes)"));
}

TEST(MigrationFiles, AStatementKeepsItsTextAsWritten) {
    EXPECT_THAT(splitStatements("CREATE TABLE t (\n    a TEXT,\n    b TEXT)  \n;\nSELECT 1"),
                ElementsAre("CREATE TABLE t (\n    a TEXT,\n    b TEXT)", "SELECT 1"));
}

TEST(MigrationFiles, SemicolonsInStringsNamesAndCommentsEndNothing) {
    EXPECT_THAT(splitStatements("UPDATE t SET a = 'x; y', b = 'it''s; here';\n"
                                "CREATE TABLE \"odd;name\" (a TEXT); -- done; really\n"
                                "/* a; b */ SELECT 1;"),
                ElementsAre("UPDATE t SET a = 'x; y', b = 'it''s; here'",
                            "CREATE TABLE \"odd;name\" (a TEXT)", "SELECT 1"));
}

TEST(MigrationFiles, ATriggersBodyStaysWithItsTrigger) {
    const std::string trigger =
        "CREATE TRIGGER leads_touched AFTER UPDATE ON leads BEGIN\n"
        "    UPDATE leads SET kind = CASE WHEN NEW.a THEN 'x;' ELSE 'y' END WHERE id = NEW.id;\n"
        "    DELETE FROM cache WHERE id = NEW.id;\n"
        "END";
    EXPECT_THAT(splitStatements(trigger + ";\nSELECT 1;"), ElementsAre(trigger, "SELECT 1"));
}

TEST(MigrationFiles, ADollarQuotedBodyStaysWithItsFunction) {
    const std::string function =
        "CREATE FUNCTION touched() RETURNS trigger AS $body$\n"
        "BEGIN NEW.updated_at := 1; RETURN NEW; END;\n"
        "$body$ LANGUAGE plpgsql";
    EXPECT_THAT(splitStatements(function + ";\nDO $$ BEGIN PERFORM 1; END $$;"),
                ElementsAre(function, "DO $$ BEGIN PERFORM 1; END $$"));
}

TEST(MigrationFiles, AMalformedFileIsRefusedWithItsName) {
    const auto refusal = [](std::string_view path, std::string_view text) {
        try {
            readMigration(path, text);
        } catch (const std::logic_error& e) {
            return std::string(e.what());
        }
        return std::string("accepted");
    };
    EXPECT_THAT(refusal("sqlite/meeting-notes.sql", "-- notes\nSELECT 1;"),
                HasSubstr("sqlite/meeting-notes.sql: name it <number>-<what it does>.sql"));
    EXPECT_THAT(refusal("0016-notes.sql", "SELECT 1;"), HasSubstr("open the file with a --"));
    EXPECT_THAT(refusal("0016-notes.sql", "-- notes\n"), HasSubstr("holds no statement"));
    EXPECT_THAT(refusal("0016-notes.sql", "-- notes\nSELECT 'x;"), HasSubstr("never closed"));
}

TEST(MigrationFiles, EachDriverNumbersItsMigrationsWithoutGaps) {
    const auto sqlite = migrationsOf("sqlite");
    const auto postgres = migrationsOf("postgres");
    ASSERT_FALSE(sqlite.empty());
    ASSERT_FALSE(postgres.empty());
    EXPECT_EQ(sqlite.front().version, 1);
    EXPECT_EQ(postgres.front().version, 11);  // PostgreSQL starts whole at 11
    EXPECT_EQ(postgres.back().version, sqlite.back().version);
    EXPECT_EQ(sqlite.front().description, "organisations, projects, campaigns, API keys");
}

}  // namespace
}  // namespace lodestone::storage

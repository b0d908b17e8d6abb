// `suppression add | remove | list | import`, run in-process against a real SQLite file.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "support/Factory.hpp"
#include "unit/ctl/CtlFixture.hpp"

using namespace lodestone;
using ::testing::HasSubstr;

namespace {

class SuppressionCommands : public test::CtlFixture {
  protected:
    void SetUp() override {
        CtlFixture::SetUp();
        newOrg();
        store_ = openStore();
        organisation_ = test::Factory(*store_).organisationNamed("Acme");
    }

    std::size_t listed() {
        return ok({"suppression", "list", "--org", organisation_.id})->getArray("items")->size();
    }

    std::unique_ptr<storage::Store> store_;
    domain::Organisation organisation_;
};

TEST_F(SuppressionCommands, AddAndRemoveAnAddressOrADomain) {
    auto added = ok({"suppression", "add", "Ada@Example.com", "--org", organisation_.id});
    EXPECT_EQ(added->getValue<std::string>("address"), "ada@example.com");
    EXPECT_EQ(added->getValue<std::string>("addedBy"), "lodestonectl");
    ok({"suppression", "add", "example.org", "--org", organisation_.id, "--note", "their wish"});
    EXPECT_EQ(listed(), 2u);
    ok({"suppression", "remove", "example.org", "--org", organisation_.id});
    EXPECT_EQ(listed(), 1u);
    auto missing = run({"suppression", "remove", "example.org", "--org", organisation_.id});
    EXPECT_NE(missing.code, 0);
    auto bad = run({"suppression", "add", "not@an@address", "--org", organisation_.id});
    EXPECT_NE(bad.code, 0);
    EXPECT_THAT(bad.err, HasSubstr("address"));
}

TEST_F(SuppressionCommands, ImportReadsLinesOrACsvsFirstColumnAllOrNothing) {
    auto csv = writeFile("list.csv",
                         "email,name\n\"ann@initech.example\",Ann\nbob@initech.example,Bob\n"
                         "\n# a comment\nglobex.example,\n");
    auto imported = ok({"suppression", "import", csv, "--org", organisation_.id});
    EXPECT_EQ(imported->getValue<int>("added"), 3);
    EXPECT_EQ(listed(), 3u);
    auto again = ok({"suppression", "import", csv, "--org", organisation_.id});
    EXPECT_EQ(again->getValue<int>("alreadySuppressed"), 3);

    auto broken = writeFile("broken.txt", "carol@initech.example\nnot an entry\n");
    auto refused = run({"suppression", "import", broken, "--org", organisation_.id});
    EXPECT_NE(refused.code, 0);
    EXPECT_THAT(refused.err, HasSubstr("line 2"));
    EXPECT_EQ(listed(), 3u) << "nothing of a refused file is imported";
}

}  // namespace

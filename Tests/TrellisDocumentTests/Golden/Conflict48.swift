// Golden terminal picture checked by DocumentASCIITests; rewritten by
// `TRELLIS_UPDATE_GOLDEN=1 swift test --filter DocumentASCIITests` (rebuild to use it).
extension GoldenPictures {
    static let conflict48 = ##"""
conflict.json — 320 × 200  (1 column ≈ 6.81 pt)
#root 320x200###################################
# ############################################ #
# # ############################################
# # #title 300x20                    #     #
# # ##################################     #####
# #card 288x120                      ####### # #
# #                             badge 40x40^ # #
# #                                          # #
# #                                          # #
# #                                          # #
# ############################################ #
# +------------------------------------------+ #
# |footer 288x40                             | #
# |                                          | #
# +------------------------------------------+ #
################################################
# conflicting
conflict (drawn with these made optional, the last one giving way first):
  constraints[0]: card.leading == root.leading + 16 (conflict.json:6)
  constraints[0]: card.trailing == root.trailing - 16 (conflict.json:6)
  constraints[2]: title.leading == card.leading + 12 (conflict.json:8)
  constraints[3]: badge.width == 40 (conflict.json:9)
  constraints[4]: badge.trailing == card.trailing - 12 (conflict.json:10)
  constraints[5]: too wide: title.width == 300 (conflict.json:11)
  constraints[6]: title.trailing <= badge.leading - 8 (conflict.json:12)
  root frame: root.width == 320
"""##
}

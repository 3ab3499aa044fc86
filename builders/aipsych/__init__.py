"""AIpsych: sycophancy and authority-bias question sets about two objects of known colour and position.

The default config draws its scenes (`scene`), so its truth is exact; the `coco` and
`visual_genome` configs re-emit the release's question files over the user's own photos
(`official`). Questions (`questions`) and rows (`rows`) follow the release verbatim.
"""

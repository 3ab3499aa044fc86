"""Each family's dry-run answers (`FamilyAnswers`), one module per family, named by its `FamilyEval`."""

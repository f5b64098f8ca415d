package edu.mit.ll.graphulo.simplemult;

import edu.mit.ll.graphulo.rowmult.MultiplyOp;

/** Stand-in: in Graphulo 3.3.0 a MultiplyOp (through SimpleTwoScalar); here only passed on. */
public class MathTwoScalar implements MultiplyOp {}
